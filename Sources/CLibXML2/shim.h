#ifndef RECORDKIT_CLIBXML2_SHIM_H
#define RECORDKIT_CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>
/* Debian's libxml2 is built with ICU, so encoding.h would include the system's <unicode/ucnv.h>, whose
   types clash with Foundation's own copy of ICU in any module that imports both. RecordKit never touches
   the ICU converter fields of xmlCharEncodingHandler, so hide them. */
#ifdef LIBXML_ICU_ENABLED
#undef LIBXML_ICU_ENABLED
#endif
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlIO.h>

/// XML_PARSE_NO_XXE where this libxml2 has it (2.14 and later), else 0: the schema reader passes it on
/// every parse, so a newer libxml2 also refuses external entities by option, not only by the reader's
/// refusal of any DOCTYPE.
static inline int rk_xml_parse_no_xxe(void) {
#if LIBXML_VERSION >= 21400
    return XML_PARSE_NO_XXE;
#else
    return 0;
#endif
}

/// Frees memory libxml2 allocated: xmlFree is a global function pointer, which Swift 6 will not read
/// from nonisolated code.
static inline void rk_xml_free(void *pointer) {
    xmlFree(pointer);
}

#endif
