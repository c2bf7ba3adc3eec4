import Foundation

/// Hand-written schema files (records.xml, .ckdb, Core Data contents) that reach the corners of each grammar.
enum SeedSchemas {
    static func recordsXML() -> [(String, String)] {
        [("enums.records.xml", """
        <?xml version="1.0" encoding="UTF-8"?>
        <schema xmlns="urn:recordkit:schema:1" name="Seed">
          <doc>Every kind, an enum, a retired field and a merge rule.</doc>
          <zone name="z" database="private"/>
          <role name="Editor"/>
          <enum name="Priority" kind="int64">
            <case name="low" value="0"/>
            <case name="high" value="1"/>
          </enum>
          <record type="Note" version="2" zone="z" versionField="version" onNewerVersion="preserve">
            <field name="text" kind="asset"/>
            <field name="modified" kind="timestamp" queryable="true" sortable="true"/>
            <field name="title" kind="string" since="2" default="" searchable="true"/>
            <field name="tags" kind="list" of="string" since="2"/>
            <field name="priority" kind="int64" enum="Priority" default="low"/>
            <field name="pinned" kind="int64" as="bool" default="false"/>
            <field name="uuid" kind="string" as="uuid"/>
            <field name="folder" kind="reference" to="Folder" action="deleteSelf" optional="true"/>
            <field name="secret" kind="string" encrypted="true" optional="true"/>
            <field name="place" kind="location" optional="true"/>
            <retired name="color" kind="string" in="2"/>
            <merge strategy="lastWriterWins" clock="modified"/>
          </record>
          <record type="Folder">
            <field name="name" kind="string"/>
          </record>
        </schema>
        """), ("broken.records.xml", """
        <?xml version="1.0"?>
        <schema xmlns="urn:recordkit:schema:1" name="1bad">
          <record type="recordID" version="0"><field name="___x" kind="asset" queryable="true"/></record>
        </schema>
        """)]
    }

    static func ckdb() -> [(String, String)] {
        [("full.ckdb", """
        // exported
        -- by hand
        /* block */ DEFINE SCHEMA
            CREATE ROLE Editor;
            RECORD TYPE Note (
                "___createTime" TIMESTAMP QUERYABLE SORTABLE,
                "___recordID"   REFERENCE QUERYABLE,
                title           STRING QUERYABLE SEARCHABLE SORTABLE,
                count           NUMBER PREFERRED AS INT64,
                ratio           NUMBER PREFERRED AS DOUBLE,
                secret          ENCRYPTED BYTES,
                tags            LIST<STRING>,
                keys            ENCRYPTED LIST<INT64>,
                place           LOCATION,
                "type"          ASSET,
                GRANT WRITE TO "_creator",
                GRANT CREATE, READ TO Editor,
                GRANT READ TO "_world",
            );
            record type Users (roles LIST<INT64>, GRANT read TO "_icloud")
        """)]
    }

    static func coreData() -> [(String, String)] {
        [("model.xml", """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" sourceLanguage="Swift">
            <entity name="Item" representedClassName="Item" isAbstract="YES" syncable="YES">
                <attribute name="created" optional="YES" attributeType="Date"/>
            </entity>
            <entity name="Entry" parentEntity="Item" syncable="YES">
                <attribute name="text" optional="YES" attributeType="String"/>
                <attribute name="count" attributeType="Integer 64" defaultValueString="0"/>
                <attribute name="done" attributeType="Boolean"/>
                <attribute name="score" optional="YES" attributeType="Float"/>
                <attribute name="photo" optional="YES" attributeType="Binary" allowsCloudEncryption="YES"/>
                <attribute name="id" optional="YES" attributeType="UUID"/>
                <attribute name="link" optional="YES" attributeType="URI"/>
                <attribute name="tmp" optional="YES" attributeType="String" transient="YES"/>
                <attribute name="blob" optional="YES" attributeType="Transformable"/>
                <relationship name="folder" optional="YES" maxCount="1" destinationEntity="Folder" inverseName="entries"/>
            </entity>
            <entity name="Folder" syncable="YES">
                <relationship name="entries" toMany="YES" destinationEntity="Entry" inverseName="folder"/>
            </entity>
        </model>
        """)]
    }
}
