/* sig_semantics.h - how DXC reads a signature element's semantic: the
 * signature point of each entry list, how each semantic kind is
 * interpreted at each point (DXC's interpretation table), and the names
 * DXC gives system values. The lowering names elements with it, the
 * writer lays out ISG1/OSG1/PSG1 and PSV0 with it, the validator checks
 * semantics with it: DXC's loader turns an element's recorded kind into
 * the kind it has at its point (arbitrary where the point reads the kind
 * as an arbitrary semantic, invalid where it has no meaning) and names a
 * system value with its canonical spelling, whatever the record says. */
#ifndef DXIL_MODULE_SIG_SEMANTICS_H
#define DXIL_MODULE_SIG_SEMANTICS_H

#include <stdbool.h>

/* DXC's SigPointKind order. */
enum {
    SEM_VSIN, SEM_VSOUT, SEM_PCIN, SEM_HSIN, SEM_HSCPIN, SEM_HSCPOUT, SEM_PCOUT, SEM_DSIN,
    SEM_DSCPIN, SEM_DSOUT, SEM_GSVIN, SEM_GSIN, SEM_GSOUT, SEM_PSIN, SEM_PSOUT, SEM_CSIN,
    SEM_MSIN, SEM_MSOUT, SEM_MSPOUT, SEM_ASIN, SEM_POINT_COUNT, SEM_POINT_INVALID = -1
};

/* The point of an entry's signature list (0 input, 1 output, 2 patch
 * constant or primitive) in a shader of kind `stage` (dxil_shader_kind);
 * SEM_POINT_INVALID where the stage has no such list. */
int sem_point(unsigned stage, unsigned list);

/* How kind is interpreted at point, one character: '-' not available
 * (NA), 'N' never in a signature part (NotInSig), 'A' read as an
 * arbitrary semantic; any other letter a system value of some form (S
 * system value, G system generated, P not packed, H shadow, C clip or
 * cull, T target, F tess factor). A geometry shader's primitive ID is
 * read at its own point (DXC's RecoverKind). DXC reads the table at its
 * newest shader model. */
char sem_interpretation(unsigned kind, int point);

/* The kind the element has once DXC loaded it (Semantic::Get): arbitrary
 * where the point reads the kind as arbitrary, DXIL_SEMANTIC_INVALID
 * where the kind has no meaning there, else kind. */
unsigned sem_element_kind(unsigned kind, int point);

/* The element is stored in a signature part (its loaded kind is neither
 * invalid nor NotInSig at the point). */
bool sem_in_part(unsigned kind, int point);

/* DXC's spelling of a system value ("SV_Position"); NULL for arbitrary
 * and invalid kinds. */
const char *sem_canonical_name(unsigned kind);

/* The name DXC gives the element (DxilSignatureElement::GetName): the
 * canonical spelling of its loaded kind when that is a system value,
 * else the record's name as written. */
const char *sem_element_name(unsigned kind, int point, const char *record_name);

/* The kind of a semantic name as DXC's GetByName reads it: arbitrary
 * without the "SV_" prefix (any case), the system value it spells (any
 * case), DXIL_SEMANTIC_INVALID for an unknown "SV_" name. */
unsigned sem_kind_by_name(const char *name);

#endif
