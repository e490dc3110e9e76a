#!/usr/bin/env python3
"""One-off bootstrap: writes the first spec/dxil-ops.xml from ../shared/reference.

This script was run ONCE to seed spec/dxil-ops.xml from the reference tables
(dxil-ops.tsv, dxil-op-params.tsv, llvm-intrinsic-map.tsv). From then on the
XML file is the source of truth: edit the XML, not this script, and do not
re-run it over a hand-edited spec (it would throw the edits away). It is kept
only to document how the first version was derived.

Derivation rules used (all facts from ../shared/reference):
  * overloads: hctdb's letter string from the op's DXIL version; for ops that
    gained vector overloads ('<') before they existed, the scalar part from
    the op's version and the full string from DXIL 1.9. Later type additions
    recorded by LLVM's DXIL.td (+i16/i32 sampling in 1.7, +i64 atomics in 1.6,
    +double/i64 raw buffers in 1.3) become extra entries; AtomicCompareExchange
    follows AtomicBinOp (64-bit atomics are a 6.6 feature). 16-bit
    IsSpecialFloat needs 6.9 (validator rule SM.ISSPECIALFLOAT).
  * stages: hctdb's list from the op's DXIL version; ops that were
    pixel/library only before 6.6 compute derivatives get a 1.0 entry
    "library,pixel" and the full list from 1.6; CreateHandle is removed at 1.6.
  * attributes: hctdb's single function attribute from the op's version.
  * experimental ops (table 0x8000) are given DXIL 1.10 (they are SM 6.10
    previews).
  * intrinsic mappings: llvm-intrinsic-map.tsv + target-ir.md, names checked
    against LLVM 22's IntrinsicsDirectX.h / Intrinsics.td (llvm22="yes|no").
"""
import csv
import os
import re
import sys
from xml.sax.saxutils import escape, quoteattr

HERE = os.path.dirname(os.path.abspath(__file__))
REF = os.path.join(HERE, "..", "..", "shared", "reference")
LLVM_INC = "/usr/lib/llvm-22/include/llvm/IR"

# --------------------------------------------------------------------------
# Short descriptions, written for this project.
DESC = {
    "TempRegLoad": "Reads a value from a temporary register (DXBC-era helper).",
    "TempRegStore": "Writes a value to a temporary register (DXBC-era helper).",
    "MinPrecXRegLoad": "Reads one component of a min-precision indexable register.",
    "MinPrecXRegStore": "Writes one component of a min-precision indexable register.",
    "LoadInput": "Reads one component of an input signature element.",
    "StoreOutput": "Writes one component of an output signature element.",
    "FAbs": "Absolute value of a float.",
    "Saturate": "Clamps a float to the range [0, 1].",
    "IsNaN": "True when the float is a NaN.",
    "IsInf": "True when the float is an infinity.",
    "IsFinite": "True when the float is neither NaN nor infinite.",
    "IsNormal": "True when the float is a normal number (not zero, denormal, NaN or infinite).",
    "Cos": "Cosine, argument in radians.",
    "Sin": "Sine, argument in radians.",
    "Tan": "Tangent, argument in radians.",
    "Acos": "Arc cosine, result in radians.",
    "Asin": "Arc sine, result in radians.",
    "Atan": "Arc tangent, result in radians.",
    "Hcos": "Hyperbolic cosine.",
    "Hsin": "Hyperbolic sine.",
    "Htan": "Hyperbolic tangent.",
    "Exp": "Two raised to the given power.",
    "Frc": "Fractional part: x minus floor(x).",
    "Log": "Base-2 logarithm.",
    "Sqrt": "Square root.",
    "Rsqrt": "Reciprocal of the square root.",
    "Round_ne": "Rounds to the nearest integer, ties to even.",
    "Round_ni": "Rounds toward negative infinity (floor).",
    "Round_pi": "Rounds toward positive infinity (ceiling).",
    "Round_z": "Rounds toward zero (truncate).",
    "Bfrev": "Reverses the order of the bits.",
    "Countbits": "Number of set bits; the result is always i32.",
    "FirstbitLo": "Index of the lowest set bit, or -1 when none is set.",
    "FirstbitHi": "Index of the highest set bit of an unsigned value, counted from the top, or -1.",
    "FirstbitSHi": "Index of the highest bit that differs from the sign bit, counted from the top, or -1.",
    "FMax": "Larger of two floats (a NaN operand yields the other one).",
    "FMin": "Smaller of two floats (a NaN operand yields the other one).",
    "IMax": "Larger of two signed integers.",
    "IMin": "Smaller of two signed integers.",
    "UMax": "Larger of two unsigned integers.",
    "UMin": "Smaller of two unsigned integers.",
    "IMul": "Signed 32x32 multiply giving the high and low 32-bit halves.",
    "UMul": "Unsigned 32x32 multiply giving the high and low 32-bit halves.",
    "UDiv": "Unsigned divide giving quotient and remainder.",
    "UAddc": "Unsigned add giving the sum and a carry bit.",
    "USubb": "Unsigned subtract giving the difference and a borrow bit.",
    "FMad": "Multiply then add (a*b+c); may or may not be fused.",
    "Fma": "Fused multiply-add on doubles, rounded once.",
    "IMad": "Signed integer multiply-add.",
    "UMad": "Unsigned integer multiply-add.",
    "Msad": "Masked sum of absolute byte differences plus an accumulator.",
    "Ibfe": "Extracts a sign-extended bit field.",
    "Ubfe": "Extracts a zero-extended bit field.",
    "Bfi": "Inserts a bit field of one value into another.",
    "Dot2": "Two-component dot product of scalar operands.",
    "Dot3": "Three-component dot product of scalar operands.",
    "Dot4": "Four-component dot product of scalar operands.",
    "CreateHandle": "Makes a resource handle from a resource class, range id and index (pre-6.6 binding model).",
    "CBufferLoad": "Loads a value from a constant buffer at a byte offset.",
    "CBufferLoadLegacy": "Loads one 16-byte row of a constant buffer.",
    "Sample": "Samples a texture with implicit level of detail.",
    "SampleBias": "Samples a texture with a bias added to the implicit level of detail.",
    "SampleLevel": "Samples a texture at an explicit level of detail.",
    "SampleGrad": "Samples a texture with explicit gradients.",
    "SampleCmp": "Samples and compares against a reference value, implicit level of detail.",
    "SampleCmpLevelZero": "Samples and compares against a reference value at mip level 0.",
    "TextureLoad": "Reads texels from a texture without filtering.",
    "TextureStore": "Writes texels to a writable texture.",
    "BufferLoad": "Reads from a typed or raw buffer (pre-1.2 form for raw buffers).",
    "BufferStore": "Writes to a typed or raw buffer (pre-1.2 form for raw buffers).",
    "BufferUpdateCounter": "Increments or decrements the hidden counter of a structured buffer.",
    "CheckAccessFullyMapped": "Tells whether a tiled-resource access touched only mapped memory.",
    "GetDimensions": "Returns the size, array length or mip count of a resource.",
    "TextureGather": "Gathers one channel from the four texels used for bilinear filtering.",
    "TextureGatherCmp": "Gathers four texels and compares each with a reference value.",
    "Texture2DMSGetSamplePosition": "Position of a sample within a pixel for a multisampled texture.",
    "RenderTargetGetSamplePosition": "Position of a sample within a pixel for the current render target.",
    "RenderTargetGetSampleCount": "Number of samples of the current render target.",
    "AtomicBinOp": "Atomic read-modify-write on a resource element; returns the old value.",
    "AtomicCompareExchange": "Atomic compare-and-swap on a resource element; returns the old value.",
    "Barrier": "Memory fence and/or thread-group sync, selected by mode bits.",
    "CalculateLOD": "Computes the level of detail a sample would use.",
    "Discard": "Discards the current pixel when the condition is true.",
    "DerivCoarseX": "Coarse screen-space derivative along x.",
    "DerivCoarseY": "Coarse screen-space derivative along y.",
    "DerivFineX": "Fine (per-pixel) screen-space derivative along x.",
    "DerivFineY": "Fine (per-pixel) screen-space derivative along y.",
    "EvalSnapped": "Interpolates an input at a snapped pixel offset.",
    "EvalSampleIndex": "Interpolates an input at the location of a given sample.",
    "EvalCentroid": "Interpolates an input at the pixel centroid.",
    "SampleIndex": "Index of the sample being shaded.",
    "Coverage": "Input coverage mask of the pixel.",
    "InnerCoverage": "Whether the pixel is fully covered by the primitive (conservative raster).",
    "ThreadId": "One component of the dispatch-wide thread id.",
    "GroupId": "One component of the thread-group id.",
    "ThreadIdInGroup": "One component of the thread id within its group.",
    "FlattenedThreadIdInGroup": "Thread index within its group, flattened to one number.",
    "EmitStream": "Emits the current vertex to a geometry-shader output stream.",
    "CutStream": "Ends the current strip on a geometry-shader output stream.",
    "EmitThenCutStream": "Emits a vertex and then ends the strip on a stream.",
    "GSInstanceID": "Instance number of the geometry shader invocation.",
    "MakeDouble": "Builds a double from low and high 32-bit halves.",
    "SplitDouble": "Splits a double into low and high 32-bit halves.",
    "LoadOutputControlPoint": "Reads a hull-shader output control point.",
    "LoadPatchConstant": "Reads a patch constant value.",
    "DomainLocation": "One component of the tessellated domain coordinate.",
    "StorePatchConstant": "Writes a patch constant value.",
    "OutputControlPointID": "Index of the output control point being computed.",
    "PrimitiveID": "Id of the primitive being processed.",
    "CycleCounterLegacy": "Reads a hardware cycle counter (legacy).",
    "WaveIsFirstLane": "True for the lowest-numbered active lane of the wave.",
    "WaveGetLaneIndex": "Index of the current lane within the wave.",
    "WaveGetLaneCount": "Number of lanes in a wave.",
    "WaveAnyTrue": "True when the condition holds on any active lane.",
    "WaveAllTrue": "True when the condition holds on every active lane.",
    "WaveActiveAllEqual": "True when the value is the same on every active lane.",
    "WaveActiveBallot": "Bit mask of the active lanes where the condition holds.",
    "WaveReadLaneAt": "Reads a value from a chosen lane of the wave.",
    "WaveReadLaneFirst": "Reads a value from the first active lane.",
    "WaveActiveOp": "Wave-wide sum, product, min or max, selected by kind and signedness operands.",
    "WaveActiveBit": "Wave-wide bitwise and, or or xor, selected by a kind operand.",
    "WavePrefixOp": "Exclusive prefix sum or product across the wave.",
    "QuadReadLaneAt": "Reads a value from a chosen lane of the quad.",
    "QuadOp": "Reads a value from the horizontal, vertical or diagonal neighbour in the quad.",
    "BitcastI16toF16": "Reinterprets 16 bits of integer as a half.",
    "BitcastF16toI16": "Reinterprets a half as 16 bits of integer.",
    "BitcastI32toF32": "Reinterprets 32 bits of integer as a float.",
    "BitcastF32toI32": "Reinterprets a float as 32 bits of integer.",
    "BitcastI64toF64": "Reinterprets 64 bits of integer as a double.",
    "BitcastF64toI64": "Reinterprets a double as 64 bits of integer.",
    "LegacyF32ToF16": "Converts a float to half, returned in the low 16 bits of an i32.",
    "LegacyF16ToF32": "Converts a half held in the low 16 bits of an i32 to float.",
    "LegacyDoubleToFloat": "Converts a double to float (legacy rounding rules).",
    "LegacyDoubleToSInt32": "Converts a double to a signed 32-bit integer (legacy rules).",
    "LegacyDoubleToUInt32": "Converts a double to an unsigned 32-bit integer (legacy rules).",
    "WaveAllBitCount": "Number of active lanes where the condition holds.",
    "WavePrefixBitCount": "Number of lower active lanes where the condition holds.",
    "AttributeAtVertex": "Reads an input attribute as given at one vertex of the primitive.",
    "ViewID": "Index of the view being rendered (view instancing).",
    "RawBufferLoad": "Reads up to four elements from a byte-address or structured buffer.",
    "RawBufferStore": "Writes up to four elements to a byte-address or structured buffer.",
    "InstanceID": "User-provided id of the hit instance.",
    "InstanceIndex": "Auto-generated index of the hit instance.",
    "HitKind": "Kind of hit reported for the current intersection.",
    "RayFlags": "Ray flags passed to TraceRay.",
    "DispatchRaysIndex": "One component of the current ray-dispatch index.",
    "DispatchRaysDimensions": "One component of the ray-dispatch size.",
    "WorldRayOrigin": "One component of the ray origin in world space.",
    "WorldRayDirection": "One component of the ray direction in world space.",
    "ObjectRayOrigin": "One component of the ray origin in object space.",
    "ObjectRayDirection": "One component of the ray direction in object space.",
    "ObjectToWorld": "One element of the object-to-world 3x4 matrix.",
    "WorldToObject": "One element of the world-to-object 3x4 matrix.",
    "RayTMin": "Start of the ray interval.",
    "RayTCurrent": "Current end of the ray interval.",
    "IgnoreHit": "Rejects the candidate hit and ends the any-hit shader.",
    "AcceptHitAndEndSearch": "Accepts the hit, stops traversal and ends the any-hit shader.",
    "TraceRay": "Traces a ray through an acceleration structure with a payload.",
    "ReportHit": "Reports a procedural hit with attributes; returns whether it was accepted.",
    "CallShader": "Calls a callable shader from the shader table with a parameter block.",
    "CreateHandleForLib": "Makes a resource handle from a resource global in a library.",
    "PrimitiveIndex": "Index of the hit primitive within its geometry.",
    "Dot2AddHalf": "Two-component half dot product accumulated into a float.",
    "Dot4AddI8Packed": "Dot product of four packed signed bytes, accumulated into an i32.",
    "Dot4AddU8Packed": "Dot product of four packed unsigned bytes, accumulated into an i32.",
    "WaveMatch": "Mask of the lanes holding the same value as this lane.",
    "WaveMultiPrefixOp": "Prefix operation over the lanes named by a mask.",
    "WaveMultiPrefixBitCount": "Prefix count of set conditions over the lanes named by a mask.",
    "SetMeshOutputCounts": "Declares how many vertices and primitives the mesh shader emits.",
    "EmitIndices": "Writes the vertex indices of one output primitive.",
    "GetMeshPayload": "Pointer to the payload sent by the amplification shader.",
    "StoreVertexOutput": "Writes one component of a mesh-shader vertex output.",
    "StorePrimitiveOutput": "Writes one component of a mesh-shader primitive output.",
    "DispatchMesh": "Launches mesh-shader groups with a payload from an amplification shader.",
    "WriteSamplerFeedback": "Records which mips a sample would touch in a feedback texture.",
    "WriteSamplerFeedbackBias": "Records sampler feedback for a biased sample.",
    "WriteSamplerFeedbackLevel": "Records sampler feedback for an explicit-level sample.",
    "WriteSamplerFeedbackGrad": "Records sampler feedback for an explicit-gradient sample.",
    "AllocateRayQuery": "Creates an inline ray-query object with constant ray flags.",
    "RayQuery_TraceRayInline": "Starts an inline ray traversal.",
    "RayQuery_Proceed": "Advances inline traversal; true while candidates remain.",
    "RayQuery_Abort": "Stops inline traversal.",
    "RayQuery_CommitNonOpaqueTriangleHit": "Commits the current non-opaque triangle candidate.",
    "RayQuery_CommitProceduralPrimitiveHit": "Commits a procedural-primitive candidate at a given t.",
    "GeometryIndex": "Index of the hit geometry within its bottom-level structure.",
    "AnnotateHandle": "Attaches resource properties to a handle (6.6 binding model).",
    "CreateHandleFromBinding": "Makes a handle from a binding range and index (6.6 binding model).",
    "CreateHandleFromHeap": "Makes a handle from a descriptor-heap index.",
    "Unpack4x8": "Unpacks four 8-bit values into a four-element vector.",
    "Pack4x8": "Packs four values into 8-bit fields of an i32, truncating or clamping.",
    "IsHelperLane": "True when the lane is a helper lane.",
    "QuadVote": "Any/all vote across the quad.",
    "TextureGatherRaw": "Gathers raw texel bits without format conversion.",
    "SampleCmpLevel": "Samples and compares at an explicit level of detail.",
    "TextureStoreSample": "Writes one sample of a writable multisampled texture.",
    "AllocateNodeOutputRecords": "Allocates output records for a work-graph node output.",
    "GetNodeRecordPtr": "Pointer to a node record in the node-record address space.",
    "IncrementOutputCount": "Counts empty output records for a node output.",
    "OutputComplete": "Marks output records as finished.",
    "GetInputRecordCount": "Number of input records gathered for this group.",
    "FinishedCrossGroupSharing": "Tells whether this is the last group to touch a shared input.",
    "BarrierByMemoryType": "Barrier over memory classes with scope and sync flags.",
    "BarrierByMemoryHandle": "Barrier over the memory of one resource handle.",
    "BarrierByNodeRecordHandle": "Barrier over the memory of one node record.",
    "CreateNodeOutputHandle": "Makes a handle for a node output from its metadata index.",
    "IndexNodeHandle": "Selects one node of a node-output array.",
    "AnnotateNodeHandle": "Attaches node properties to a node handle.",
    "CreateNodeInputRecordHandle": "Makes a handle for node input records from its metadata index.",
    "AnnotateNodeRecordHandle": "Attaches record properties to a node record handle.",
    "NodeOutputIsValid": "True when the node output exists in the work graph.",
    "GetRemainingRecursionLevels": "How many recursion levels remain for this node.",
    "SampleCmpGrad": "Samples and compares with explicit gradients.",
    "SampleCmpBias": "Samples and compares with a biased level of detail.",
    "StartVertexLocation": "Base vertex location of the draw.",
    "StartInstanceLocation": "Base instance location of the draw.",
    "AllocateRayQuery2": "Creates an inline ray query with constant ray and query flags.",
    "MaybeReorderThread": "Hint that lets the scheduler regroup threads by hit object and key.",
    "RawBufferVectorLoad": "Reads a native vector from a byte-address or structured buffer.",
    "RawBufferVectorStore": "Writes a native vector to a byte-address or structured buffer.",
    "VectorReduceAnd": "Bitwise and of all components of a vector.",
    "VectorReduceOr": "Bitwise or of all components of a vector.",
    "FDot": "Dot product of two float vectors.",
    "ExperimentalNop": "Does nothing; exercises the experimental opcode table.",
    "GetGroupWaveIndex": "Index of the current wave within its thread group.",
    "GetGroupWaveCount": "Number of waves in the thread group.",
    "ClusterID": "Id of the geometry cluster that was hit.",
    "TriangleObjectPosition": "Object-space positions of the hit triangle's vertices.",
    "DebugBreak": "Stops in an attached debugger.",
    "IsDebuggingEnabled": "True when shader debugging is enabled.",
    "HitObject_TraceRay": "Traces a ray and returns the result as a hit object.",
    "HitObject_FromRayQuery": "Makes a hit object from a committed ray-query hit.",
    "HitObject_FromRayQueryWithAttrs": "Makes a hit object from a ray query, with custom attributes.",
    "HitObject_MakeMiss": "Makes a hit object that represents a miss.",
    "HitObject_MakeNop": "Makes an empty (nop) hit object.",
    "HitObject_Invoke": "Runs the closest-hit or miss shader of a hit object.",
    "HitObject_SetShaderTableIndex": "Returns a hit object with a new shader-table index.",
    "HitObject_LoadLocalRootTableConstant": "Reads a constant from the hit object's local root table.",
    "HitObject_Attributes": "Copies the hit attributes of a hit object into memory.",
    "LinAlgMatrixMultiplyAccumulate": "Multiplies two matrices and adds a third.",
    "LinAlgFillMatrix": "Fills a matrix with one value.",
    "LinAlgCopyConvertMatrix": "Copies a matrix, converting element type and optionally transposing.",
    "LinAlgMatrixLoadFromDescriptor": "Loads a matrix from a buffer resource.",
    "LinAlgMatrixLoadFromMemory": "Loads a matrix from group-shared memory.",
    "LinAlgMatrixLength": "Number of matrix elements held by this thread.",
    "LinAlgMatrixGetCoordinate": "Row and column of a thread-local matrix element.",
    "LinAlgMatrixGetElement": "Reads a thread-local matrix element.",
    "LinAlgMatrixSetElement": "Returns a matrix with one thread-local element replaced.",
    "LinAlgMatrixStoreToDescriptor": "Stores a matrix to a buffer resource.",
    "LinAlgMatrixStoreToMemory": "Stores a matrix to group-shared memory.",
    "LinAlgMatrixQueryAccumulatorLayout": "Layout the implementation uses for accumulator matrices.",
    "LinAlgMatrixMultiply": "Multiplies two matrices.",
    "LinAlgMatrixAccumulate": "Adds one matrix to another.",
    "LinAlgMatVecMul": "Multiplies a matrix by a vector.",
    "LinAlgMatVecMulAdd": "Multiplies a matrix by a vector and adds a bias vector.",
    "LinAlgMatrixAccumulateToDescriptor": "Atomically adds a matrix into a buffer resource.",
    "LinAlgMatrixAccumulateToMemory": "Adds a matrix into group-shared memory.",
    "LinAlgMatrixOuterProduct": "Outer product of two vectors as a matrix.",
    "LinAlgConvert": "Converts a vector between interpretations.",
    "LinAlgVectorAccumulateToDescriptor": "Atomically adds a vector into a buffer resource.",
}


def words(camel):
    s = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", " ", camel)
    s = s.replace("3x4", " 3x4")
    return re.sub(r"\s+", " ", s).strip().lower()


def describe(name, cls):
    if name in DESC:
        return DESC[name]
    if cls == "Reserved":
        return "Reserved opcode slot; never emitted."
    if name.startswith("RayQuery_"):
        return "Ray-query state: %s." % words(name[len("RayQuery_"):])
    if name.startswith("HitObject_"):
        return "Hit-object state: %s." % words(name[len("HitObject_"):])
    sys.exit("no description for %s" % name)


# --------------------------------------------------------------------------
def read_tsv(name):
    with open(os.path.join(REF, name), newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def llvm22_names():
    names = set()
    with open(os.path.join(LLVM_INC, "IntrinsicsDirectX.h")) as f:
        names.update(re.findall(r"// (llvm\.dx\.[a-z0-9_.]+)", f.read()))
    with open(os.path.join(LLVM_INC, "Intrinsics.td")) as f:
        for m in re.findall(r"^\s*def int_([a-z0-9_]+)\s*:", f.read(), re.M):
            names.add("llvm." + m.replace("_", "."))
    return names


LLVM22 = None


def intr(name):
    """int_dx_foo_bar -> llvm.dx.foo.bar (TableGen's naming rule)."""
    assert name.startswith("int_"), name
    return "llvm." + name[4:].replace("_", ".")


# Intrinsic -> how its overloaded types are derived from the dx.op call.
OVERLOAD = {
    "llvm.ctpop": "operand:1", "llvm.is.fpclass": "operand:1",
    "llvm.dx.isnan": "operand:1", "llvm.dx.isinf": "operand:1",
    "llvm.dx.firstbitlow": "operand:1", "llvm.dx.firstbituhigh": "operand:1",
    "llvm.dx.firstbitshigh": "operand:1", "llvm.dx.asdouble": "operand:1",
    "llvm.dx.splitdouble": "type:i32", "llvm.uadd.with.overflow": "operand:1",
    "llvm.dx.imul": "operand:1", "llvm.dx.umul": "operand:1",
    "llvm.dx.legacyf16tof32": "operand:1", "llvm.dx.legacyf32tof16": "operand:1",
    "llvm.dx.wave.all.equal": "operand:1", "llvm.dx.store.output": "operand:4",
}
NO_OVERLOAD = {
    "llvm.dx.dot2add", "llvm.dx.dot4add.i8packed", "llvm.dx.dot4add.u8packed",
    "llvm.dx.thread.id", "llvm.dx.group.id", "llvm.dx.thread.id.in.group",
    "llvm.dx.flattened.thread.id.in.group", "llvm.dx.discard",
    "llvm.dx.wave.is.first.lane", "llvm.dx.wave.getlaneindex",
    "llvm.dx.wave.get.lane.count", "llvm.dx.wave.any", "llvm.dx.wave.all",
    "llvm.dx.wave.ballot", "llvm.dx.wave.active.countbits",
    "llvm.dx.wave.prefix.bit.count",
}
RESULT = {"UAddc": "struct", "SplitDouble": "struct", "IMul": "struct",
          "UMul": "struct", "WaveActiveBallot": "vector", "Countbits": "cast-i32"}


def overload_of(name):
    if name in NO_OVERLOAD or name.startswith("llvm.dx.") and "barrier" in name:
        return ""
    return OVERLOAD.get(name, "result")


class Map:
    def __init__(self, intrinsic=None, custom=None, overload=None, ops=None,
                 cargs=None, direction=None, result=None, dfrom=None,
                 dbefore=None, only=None, note=None, llvm22=None):
        self.intrinsic = intrinsic
        self.custom = custom
        self.overload = overload
        self.ops = ops or []        # (operand index, ('arg', k) | ('const', v))
        self.cargs = cargs or []    # (arg index, type, value)
        self.direction = direction
        self.result = result
        self.dfrom, self.dbefore, self.only, self.note = dfrom, dbefore, only, note
        self.llvm22 = llvm22

    def xml(self, ind):
        a = []
        if self.intrinsic:
            a.append(("intrinsic", self.intrinsic))
            yes = self.intrinsic in LLVM22
            if self.llvm22 is not None and self.llvm22 != yes:
                sys.exit("llvm22 mismatch for %s" % self.intrinsic)
            a.append(("llvm22", "yes" if yes else "no"))
        else:
            a.append(("llvm22", "no"))
        if self.custom:
            a.append(("custom", self.custom))
        ov = self.overload if self.overload is not None else (
            overload_of(self.intrinsic) if self.intrinsic else "")
        if ov:
            a.append(("overload", ov))
        if self.result:
            a.append(("result", self.result))
        if self.direction:
            a.append(("direction", self.direction))
        if self.dfrom:
            a.append(("dxil-from", self.dfrom))
        if self.dbefore:
            a.append(("dxil-before", self.dbefore))
        if self.only:
            a.append(("only-overloads", self.only))
        if self.note:
            a.append(("note", self.note))
        head = ind + "<map " + " ".join("%s=%s" % (k, quoteattr(v)) for k, v in a)
        kids = []
        for idx, (kind, v) in self.ops:
            if kind == "arg":
                kids.append('<operand index="%d" arg="%d"/>' % (idx, v))
            else:
                kids.append('<operand index="%d" const="%s"/>' % (idx, v))
        for idx, ty, v in self.cargs:
            kids.append('<arg index="%d" type="%s" const="%s"/>' % (idx, ty, v))
        if not kids:
            return [head + "/>"]
        return [head + ">"] + [ind + "  " + k for k in kids] + [ind + "</map>"]


def identity(nargs):
    return [(i, ("arg", i - 1)) for i in range(1, nargs + 1)]


def parse_llvm_map_table(nargs_of, name_of):
    """Returns {opcode: [Map]} for the generic (table) rows of the LLVM map."""
    maps = {}
    for r in read_tsv("llvm-intrinsic-map.tsv"):
        op = int(r["opcode"])
        text = r["intrinsic"]
        if r["lowering"] == "custom" or text.startswith("(custom)"):
            continue
        out = []
        for part in [p.strip() for p in text.split(";")]:
            if part.startswith("(custom)"):
                continue
            m = re.match(r"(int_[a-z0-9_]+)(?:\[(.*)\])?$", part)
            if not m:
                sys.exit("cannot parse %r" % part)
            name = intr(m.group(1))
            sel = [s.strip() for s in m.group(2).split(",")] if m.group(2) else None
            out.append((name, sel))
        maps[op] = out
    return maps


def selector_map(name, sel, nargs):
    """DXIL.td selection: list of 'argN' or 'i8 K'/'i32 K' giving op operands."""
    ops = []
    for i, s in enumerate(sel, start=1):
        if s.startswith("arg"):
            ops.append((i, ("arg", int(s[3:]))))
        else:
            ops.append((i, ("const", s.split()[1])))
    return Map(name, ops=ops)


def build_maps(op, nargs, table):
    name = op["name"]
    code = int(op["opcode"])
    res = RESULT.get(name)
    out = []
    for iname, sel in table.get(code, []):
        if code in (4, 5):
            # LLVM 22's load.input/store.output take an extra leading i32 (and
            # store.output keeps the value last): intrinsic arg 0 (and 4 for
            # store) have no dx.op operand, so a custom handler fills them.
            if code == 4:
                ops = [(1, ("arg", 1)), (2, ("arg", 2)), (3, ("arg", 3)), (4, ("arg", 4))]
            else:
                ops = [(1, ("arg", 1)), (2, ("arg", 2)), (3, ("arg", 3)), (4, ("arg", 5))]
            out.append(Map(iname, custom="sig-io", ops=ops,
                           note="intrinsic arguments without a dx.op operand are not recoverable"))
            continue
        if sel:
            m = selector_map(iname, sel, nargs)
        else:
            m = Map(iname, ops=identity(nargs))
        m.result = res
        out.append(m)
    # Extra rows from the custom lowering notes of target-ir.md.
    fpc = {8: "0x3", 9: "0x204", 10: "0x1F8", 11: "0x108"}
    if code in fpc:
        m = Map("llvm.is.fpclass", ops=[(1, ("arg", 0))], cargs=[(1, "i32", fpc[code])])
        if code in (8, 9):
            m.direction = "lower"
        out.append(m)
    if code == 31:
        out.append(Map("llvm.ctpop", ops=identity(1), result="cast-i32"))
    return out


def custom_maps(code):
    H = "llvm.dx.resource."
    c = {
        57: [Map(H + "handlefrombinding", custom="handle", dbefore="1.6", overload="result")],
        217: [Map(H + "handlefrombinding", custom="handle", dfrom="1.6", overload="result")],
        216: [Map(None, custom="handle", note="folded into the target type of the raised handle")],
        59: [Map(H + "load.cbufferrow.2", custom="cbuffer-row", only="dl", overload="operand:1"),
             Map(H + "load.cbufferrow.4", custom="cbuffer-row", only="fi", overload="operand:1"),
             Map(H + "load.cbufferrow.8", custom="cbuffer-row", only="hw", overload="operand:1")],
        60: [Map(H + "sample", custom="sample", overload="")],
        61: [Map(H + "samplebias", custom="sample", overload="")],
        62: [Map(H + "samplelevel", custom="sample", overload="")],
        63: [Map(H + "samplegrad", custom="sample", overload="")],
        66: [Map(H + "load.level", custom="texture", overload="")],
        67: [Map(H + "store.texture", custom="texture", overload="")],
        68: [Map(H + "load.typedbuffer", custom="buffer-load", overload="result,operand:1"),
             Map(H + "load.rawbuffer", custom="buffer-load", dbefore="1.2", overload="result,operand:1")],
        69: [Map(H + "store.typedbuffer", custom="buffer-store", overload="operand:1,operand:4"),
             Map(H + "store.rawbuffer", custom="buffer-store", dbefore="1.2", overload="operand:1,operand:4")],
        70: [Map(H + "updatecounter", custom="counter", overload="operand:1",
                 ops=[(1, ("arg", 0)), (2, ("arg", 1))])],
        71: [Map(None, custom="check-access", note="the i1 check bit of load.typedbuffer/load.rawbuffer")],
        72: [Map(H + "getdimensions.x", custom="dimensions", overload="operand:1",
                 note="only the buffer width form exists in LLVM 22")],
        78: [Map(H + "atomic.binop", custom="atomic", overload="")],
        139: [Map(H + "load.rawbuffer", custom="raw-buffer-load", dfrom="1.2", overload="result,operand:1")],
        140: [Map(H + "store.rawbuffer", custom="raw-buffer-store", dfrom="1.2", overload="operand:1,operand:4")],
    }
    return c.get(code, [])


# --------------------------------------------------------------------------
def vec_strip(raw):
    """Scalar-only part of each dimension of an overload string."""
    return ",".join(d.split("<")[0] for d in raw.split(","))


def overload_entries(op, added):
    code = int(op["opcode"])
    raw = op["oload_types_raw"]
    special = {
        8: [("1.0", "f"), ("1.9", raw)], 9: [("1.0", "f"), ("1.9", raw)],
        10: [("1.0", "f"), ("1.9", raw)], 11: [("1.0", "f"), ("1.9", raw)],
        60: [("1.0", "hf"), ("1.7", raw)], 61: [("1.0", "hf"), ("1.7", raw)],
        62: [("1.0", "hf"), ("1.7", raw)], 63: [("1.0", "hf"), ("1.7", raw)],
        78: [("1.0", "i"), ("1.6", raw)], 79: [("1.0", "i"), ("1.6", raw)],
        139: [("1.2", "hfwi"), ("1.3", raw)], 140: [("1.2", "hfwi"), ("1.3", raw)],
    }
    if code in special:
        return special[code]
    if "<" in raw and vkey(added) < vkey("1.9"):
        return [(added, vec_strip(raw)), ("1.9", raw)]
    return [(added, raw)]


def vkey(v):
    a, b = v.split(".")
    return (int(a), int(b))


STAGE_HISTORY = {60, 61, 64, 81, 83, 84, 85, 86}


def stage_entries(op, added):
    code = int(op["opcode"])
    st = op["shader_stages"]
    if code == 57:
        return [("1.0", "all"), ("1.6", "removed")]
    if code in STAGE_HISTORY:
        return [("1.0", "library,pixel"), ("1.6", st)]
    if st:
        return [(added, st)]
    return []


ATTR = {"rn": "ReadNone", "ro": "ReadOnly", "nd": "NoDuplicate", "nr": "NoReturn",
        "amo": "ArgMemOnly"}
FLAGS = [("is_deriv", "derivative"), ("is_gradient", "gradient"),
         ("is_feedback", "feedback"), ("is_wave", "wave"),
         ("requires_uniform_inputs", "uniform-inputs"), ("is_barrier", "barrier"),
         ("is_convergent", "convergent")]


def param_xml(p, ind):
    a = [("name", p["param_name"]), ("type", p["llvm_type"])]
    if p["is_const"] == "1":
        a.append(("const", "yes"))
    if p["enum_name"]:
        a.append(("enum", p["enum_name"]))
    if p["max_value"]:
        a.append(("max", p["max_value"]))
    return ind + "<param " + " ".join("%s=%s" % (k, quoteattr(v)) for k, v in a) + "/>"


def signature_xml(params, ind):
    lines = [ind + '<result type=%s/>' % quoteattr(params[0]["llvm_type"])]
    for p in params[2:]:
        lines.append(param_xml(p, ind))
    return lines


def sig_key(params):
    return tuple((p["param_name"], p["llvm_type"], p["is_const"], p["enum_name"],
                  p["max_value"]) for p in params)


def main():
    global LLVM22
    LLVM22 = llvm22_names()
    ops = read_tsv("dxil-ops.tsv")
    params = {}
    for p in read_tsv("dxil-op-params.tsv"):
        params.setdefault(int(p["opcode"]), []).append(p)
    table = parse_llvm_map_table(None, None)

    classes = {}
    order = []
    for op in ops:
        c = op["class"]
        if c not in classes:
            classes[c] = (op["fn_name_class"], params[int(op["opcode"])])
            order.append(c)

    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           "<!-- dxil-ops.xml: every DXIL operation, the single source of truth for the",
           "     op table shared by raise and lower. Format: docs/op-spec.md; schema:",
           "     spec/dxil-ops.rng. Seeded once by spec/bootstrap_from_reference.py;",
           "     edit this file directly from now on. -->",
           '<dxil-ops format="1">',
           "  <classes>"]
    for c in order:
        fn, ps = classes[c]
        out.append('    <class name=%s fn=%s>' % (quoteattr(c), quoteattr(fn)))
        out += signature_xml(ps, "      ")
        out.append("    </class>")
    out.append("  </classes>")
    out.append("  <ops>")
    for op in ops:
        code = int(op["opcode"])
        tbl = "core" if op["table"] == "CoreOps" else "experimental"
        added = op["dxil_version_added"]
        if added == "exp":
            added = "1.10"
        a = [("table", tbl), ("index", op["table_index"]), ("name", op["name"]),
             ("class", op["class"]), ("sm", op["shader_model"])]
        if op["shader_model_translated"]:
            a.append(("sm-translated", op["shader_model_translated"]))
        a.append(("dxil", added))
        if op["category"]:
            a.append(("category", op["category"]))
        flags = [f for col, f in FLAGS if op[col] == "1"]
        if flags:
            a.append(("flags", " ".join(flags)))
        out.append("    <op " + " ".join("%s=%s" % (k, quoteattr(v)) for k, v in a) + ">")
        out.append("      <desc>%s</desc>" % escape(describe(op["name"], op["class"])))
        ps = params[code]
        if sig_key(ps) != sig_key(classes[op["class"]][1]):
            out.append("      <signature>")
            out += signature_xml(ps, "        ")
            out.append("      </signature>")
        for v, t in overload_entries(op, added):
            out.append('      <overloads dxil="%s" types=%s/>' % (v, quoteattr(t)))
        for v, s in stage_entries(op, added):
            out.append('      <stages dxil="%s" list=%s/>' % (v, quoteattr(s)))
        if op["fn_attr"]:
            out.append('      <attributes dxil="%s" list="%s"/>' % (added, ATTR[op["fn_attr"]]))
        nargs = len(ps) - 2
        for m in build_maps(op, nargs, table) + custom_maps(code):
            out += m.xml("      ")
        out.append("    </op>")
    out.append("  </ops>")
    out.append("</dxil-ops>")
    dest = os.path.join(HERE, "dxil-ops.xml")
    with open(dest, "w") as f:
        f.write("\n".join(out) + "\n")
    print("wrote", dest, len(ops), "ops", len(order), "classes")


if __name__ == "__main__":
    main()
