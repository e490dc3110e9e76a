/* side_metadata.h - names of the named metadata dxil-upgrade writes to keep
 * what LLVM 22 has no form for. Raise writes them, lower reads them; the
 * table in docs/side-metadata.md documents each one. */
#ifndef DXIL_SIDE_METADATA_H
#define DXIL_SIDE_METADATA_H

/* !dxu.datalayout = !{!{!"<datalayout exactly as DXC wrote it>"}} */
#define DXU_MD_DATALAYOUT "dxu.datalayout"

#endif
