#include <libxml/xmlversion.h>
/* libxml2 would include the system ICU headers from encoding.h, which clash with the ICU that
   Foundation bundles. FlowPages never touches encoding handlers (the only structs that change),
   so ICU's declarations are left out. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/relaxng.h>
#include <libxml/xmlerror.h>
/* The HTML parser, for the end-to-end tests that read every page the server returns. */
#include <libxml/HTMLparser.h>
