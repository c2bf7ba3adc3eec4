/// CloudKit push payloads of every kind `CloudNotification.decode` reads, with alerts as a string and as an object.
enum SeedPushes {
    static let all: [(String, String)] = [
        ("query.json", #"{"aps":{"content-available":1},"ck":{"cid":"iCloud.a","ckuserid":"_u","nid":"n1","qry":{"dbs":0,"fo":2,"rid":"r1","sid":"q","zid":"notes","zoid":"_owner"}}}"#),
        ("record-zone.json", #"{"aps":{"content-available":1},"ck":{"fet":{"dbs":2,"sid":"z","zid":"notes","zoid":"_owner"}}}"#),
        ("database-alert.json", #"{"aps":{"alert":{"body":"B","subtitle":"S","title":"T"},"badge":2,"category":"c","sound":"s"},"ck":{"met":{"dbs":1,"sid":"db"}}}"#),
        ("string-alert.json", #"{"aps":{"alert":"only a body","sound":{"critical":1,"name":"x"}},"ck":{"ce":2,"aux":{},"met":{"sid":"db"}}}"#),
        ("unspecified.json", #"{"ck":{"ce":2,"cid":"iCloud.b","nid":"n2"}}"#),
    ]
}
