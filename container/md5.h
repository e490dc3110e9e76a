/* md5.h - MD5 (RFC 1321) and DXC's container digest built on its rounds. */
#ifndef DXIL_CONTAINER_MD5_H
#define DXIL_CONTAINER_MD5_H

#include <stddef.h>
#include <stdint.h>

/* Standard MD5 of size bytes. */
void md5_digest(const uint8_t *data, size_t size, uint8_t digest[16]);
/* DXC's retail container digest: MD5 rounds with DXC's own final-block
 * layout (see md5.c). */
void dxc_digest(const uint8_t *data, size_t size, uint8_t digest[16]);

#endif
