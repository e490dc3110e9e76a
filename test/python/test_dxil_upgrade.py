"""The Python module (python/dxil_upgrade.py.in) against the built shared
library: run by ctest with DXIL_UPGRADE_LIBRARY and PYTHONPATH set, or by
hand with the same two variables; argv[1] is the source tree, argv[2] the
shared/ folder (its corpus gives the DXContainer tests their shader)."""
import os
import sys
import unittest

import dxil_upgrade

SRC = sys.argv.pop(1) if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..")
SHARED = sys.argv.pop(1) if len(sys.argv) > 1 else os.path.join(SRC, "..", "shared")
CONTAINER = os.path.join(SHARED, "corpus", "generated", "barriers.cs_6_0.dxil")
TEXT = os.path.join(SRC, "samples", "compute_sine.ll")
needs_corpus = unittest.skipUnless(os.path.isfile(CONTAINER), "no corpus: " + CONTAINER)


class LoadTest(unittest.TestCase):
    def test_version(self):
        self.assertRegex(dxil_upgrade.version(), r"^\d+\.\d+\.\d+ \(LLVM 22\.")

    @needs_corpus
    def test_path_and_bytes_agree(self):
        with dxil_upgrade.load(CONTAINER) as a:
            with open(CONTAINER, "rb") as f:
                with dxil_upgrade.load(f.read(), name=os.path.basename(CONTAINER)) as b:
                    self.assertEqual(a.ir_text(), b.ir_text())
                    self.assertEqual(a.input_kind(), "DXContainer")

    @needs_corpus
    def test_ir_text_is_raised(self):
        with dxil_upgrade.load(CONTAINER) as s:
            text = s.ir_text()
        self.assertIn('target triple = "dxilv1.0-pc-shadermodel6.0-compute"', text)
        self.assertIn("@llvm.dx.group.memory.barrier.with.group.sync()", text)
        self.assertIn("@llvm.dx.flattened.thread.id.in.group()", text)

    @needs_corpus
    def test_no_raise_keeps_dx_op(self):
        with dxil_upgrade.load(CONTAINER, raise_ir=False) as s:
            self.assertIn("@dx.op.", s.ir_text())

    def test_bitcode(self):
        with dxil_upgrade.load(TEXT) as s:
            s.verify()
            self.assertEqual(s.bitcode()[:4], b"BC\xc0\xde")
            self.assertEqual(s.input_kind(), "LLVM IR text")

    @needs_corpus
    def test_stats_dict(self):
        with dxil_upgrade.load(CONTAINER) as s:
            st = s.stats()
        self.assertEqual(st["modules"], 1)
        self.assertEqual(st["calls"], st["raised"] + st["kept"])
        self.assertGreater(st["calls"], 0)
        self.assertTrue(all(op["name"] for op in st["ops"]))

    def test_bad_input_raises_with_diagnostics(self):
        with self.assertRaises(dxil_upgrade.DxilError) as cm:
            dxil_upgrade.load(b"DXBC0123456789abcdef")
        d = cm.exception.diagnostics[0]
        self.assertEqual((d["code"], d["severity"], d["location"]), (1002, "error", "byte"))
        self.assertIn("[DXIL1002 at byte 0x", d["text"])
        self.assertIn("DXIL1002", str(cm.exception))


class PartsTest(unittest.TestCase):
    @needs_corpus
    def test_parts(self):
        ps = dxil_upgrade.parts(CONTAINER)
        names = [p["name"] for p in ps]
        self.assertIn("DXIL", names)
        dxil = ps[names.index("DXIL")]
        self.assertGreater(dxil["size"], 0)
        h = dxil["program_header"]
        self.assertEqual((h["stage"], h["shader_model"]), ("cs", "6.0"))
        self.assertLess(h["bitcode_offset"] + h["bitcode_size"], os.path.getsize(CONTAINER) + 1)

    def test_parts_of_text_is_an_error(self):
        with self.assertRaises(dxil_upgrade.DxilError):
            dxil_upgrade.parts(TEXT)


class ValidateTest(unittest.TestCase):
    def test_sample_container_is_valid(self):
        sample = os.path.join(SRC, "samples", "compute_sine.dxil")
        r = dxil_upgrade.validate(sample)
        self.assertEqual((r["valid"], r["violations"], r["diagnostics"]), (True, 0, []))

    def test_unreadable_input_raises(self):
        with self.assertRaises(dxil_upgrade.DxilError) as cm:
            dxil_upgrade.validate(b"DXBC0123456789abcdef")
        self.assertEqual(cm.exception.diagnostics[0]["code"], 1002)


if __name__ == "__main__":
    unittest.main(verbosity=2)
