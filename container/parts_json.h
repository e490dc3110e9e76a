/* parts_json.h - JSON helpers shared by the part JSON builders. */
#ifndef DXIL_CONTAINER_PARTS_JSON_H
#define DXIL_CONTAINER_PARTS_JSON_H

#include "parts_internal.h"

#include <json-c/json.h>

void ju(json_object *o, const char *key, uint64_t v);
void js(json_object *o, const char *key, const char *v);
void jhex(json_object *o, const char *key, const uint8_t *bytes, size_t n);
json_object *json_u32_array(const uint32_t *v, uint32_t n);

json_object *parts_json_psv0(const dxil_decoded_part *d);
json_object *parts_json_rts0(const dxil_decoded_part *d);
json_object *parts_json_rdat(const dxil_decoded_part *d);

#endif
