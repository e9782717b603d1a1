#!/usr/bin/env python3
"""Tests of scripts/kotlin_toolchain.py, the jar work of scripts/kotlin: unpacking the pinned wheel, the
serialization plugin jar, and reproducible jars.

Run: python3 -m unittest discover -s scripts -p 'test_kotlin_toolchain.py'
"""
import io
import os
import shutil
import sys
import tempfile
import unittest
import zipfile
from contextlib import redirect_stderr

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kotlin_toolchain as kt  # noqa: E402

COMPILER = "compiler-all.jar"
LIBRARIES = ["kotlin-stdlib-1.9.23.jar", "kotlinx-coroutines-core-jvm-1.8.0.jar", "kotlinx-serialization-json.jar"]


class ToolchainTestCase(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="kotlin-toolchain-test-")
        self.addCleanup(shutil.rmtree, self.folder)

    def path(self, *parts):
        return os.path.join(self.folder, *parts)

    def make_wheel(self, coroutine_classes=500, coroutines_version="1.8.0"):
        """A wheel shaped like kotlin-jupyter-kernel's: jars/<compiler jar> (which embeds kotlinx-coroutines) and
        the library jars."""
        compiler = io.BytesIO()
        with zipfile.ZipFile(compiler, "w") as jar:
            jar.writestr("org/jetbrains/kotlin/K2JVMCompiler.class", b"compiler")
            jar.writestr("kotlinx/coroutines/", b"")
            for index in range(coroutine_classes):
                jar.writestr(f"kotlinx/coroutines/C{index}.class", b"class")
            jar.writestr("META-INF/kotlinx-coroutines-core.kotlin_module", b"module")
            jar.writestr("META-INF/kotlinx_coroutines_core.version", coroutines_version + "\n")
        wheel = self.path("toolchain.whl")
        with zipfile.ZipFile(wheel, "w") as archive:
            archive.writestr(f"jars/{COMPILER}", compiler.getvalue())
            for name in LIBRARIES:
                if "coroutines" not in name:
                    archive.writestr(f"jars/{name}", name.encode())
        staging = self.path("staging")
        os.makedirs(os.path.join(staging, "lib"))
        os.makedirs(os.path.join(staging, "compiler"))
        return wheel, staging


class UnpackTests(ToolchainTestCase):
    def test_unpacks_the_compiler_and_libraries_and_cuts_coroutines_out_of_the_compiler(self):
        wheel, staging = self.make_wheel()
        kt.unpack(wheel, staging, "jars", COMPILER, *LIBRARIES)
        self.assertTrue(zipfile.is_zipfile(os.path.join(staging, "compiler", COMPILER)))
        with open(os.path.join(staging, "lib", "kotlin-stdlib-1.9.23.jar"), "rb") as handle:
            self.assertEqual(handle.read(), b"kotlin-stdlib-1.9.23.jar")
        with zipfile.ZipFile(os.path.join(staging, "lib", "kotlinx-coroutines-core-jvm-1.8.0.jar")) as jar:
            names = jar.namelist()
        self.assertEqual(names[0], "META-INF/MANIFEST.MF")
        self.assertEqual(len([n for n in names if n.startswith("kotlinx/coroutines/")]), 500)
        self.assertIn("META-INF/kotlinx-coroutines-core.kotlin_module", names)
        self.assertNotIn("org/jetbrains/kotlin/K2JVMCompiler.class", names)
        self.assertNotIn("kotlinx/coroutines/", names)  # folders are not copied

    def test_a_compiler_jar_without_coroutines_fails(self):
        wheel, staging = self.make_wheel(coroutine_classes=3)
        with self.assertRaisesRegex(kt.ToolchainError, f"^only 5 kotlinx-coroutines entries found in {COMPILER}$"):
            kt.unpack(wheel, staging, "jars", COMPILER, *LIBRARIES)

    def test_another_coroutines_version_fails(self):
        wheel, staging = self.make_wheel(coroutines_version="1.9.0")
        with self.assertRaisesRegex(kt.ToolchainError, "^expected kotlinx-coroutines 1.8.0 in .*, found 1.9.0$"):
            kt.unpack(wheel, staging, "jars", COMPILER, *LIBRARIES)


class JarTests(ToolchainTestCase):
    def make_classes(self):
        classes = self.path("classes")
        os.makedirs(os.path.join(classes, "b", "a"))
        os.makedirs(os.path.join(classes, "META-INF"))
        for name, content in [("b/a/Z.class", b"z"), ("A.class", b"a"), ("b/B.class", b"b"),
                              ("META-INF/MANIFEST.MF", b"ignored"), ("META-INF/x.kotlin_module", b"m")]:
            with open(os.path.join(classes, name), "wb") as handle:
                handle.write(content)
        return classes

    def test_a_jar_holds_the_manifest_then_every_file_in_path_order(self):
        output = self.path("out.jar")
        kt.jar(self.make_classes(), output)
        with zipfile.ZipFile(output) as jar:
            self.assertEqual(jar.namelist(), ["META-INF/MANIFEST.MF", "A.class", "META-INF/x.kotlin_module",
                                              "b/B.class", "b/a/Z.class"])
            self.assertEqual(jar.read("META-INF/MANIFEST.MF").decode(), kt.MANIFEST)
            self.assertEqual({info.date_time for info in jar.infolist()}, {kt.EPOCH})
        self.assertFalse(os.path.exists(output + ".partial"))

    def test_the_same_classes_give_the_same_bytes(self):
        classes = self.make_classes()
        kt.jar(classes, self.path("one.jar"))
        kt.jar(classes, self.path("two.jar"))
        with open(self.path("one.jar"), "rb") as one, open(self.path("two.jar"), "rb") as two:
            self.assertEqual(one.read(), two.read())

    def test_a_folder_without_classes_fails(self):
        os.makedirs(self.path("empty"))
        with self.assertRaisesRegex(kt.ToolchainError, "^no .class files under "):
            kt.jar(self.path("empty"), self.path("out.jar"))

    def test_the_plugin_jar_registers_the_serialization_plugin_alone(self):
        kt.plugin_jar(self.path("plugin.jar"))
        with zipfile.ZipFile(self.path("plugin.jar")) as jar:
            self.assertEqual(jar.namelist(), ["META-INF/MANIFEST.MF", kt.PLUGIN_SERVICE])
            self.assertEqual(jar.read(kt.PLUGIN_SERVICE).decode(), kt.PLUGIN_REGISTRAR + "\n")


class MainTests(ToolchainTestCase):
    def run_main(self, *argv):
        err = io.StringIO()
        with redirect_stderr(err):
            status = kt.main(list(argv))
        return status, err.getvalue()

    def test_usage_errors_exit_2(self):
        hint = f"Usage: {kt.USAGE}\nSee 'scripts/kotlin_toolchain.py --help'.\n"
        self.assertEqual(self.run_main(), (2, "error: missing command (unpack, plugin-jar or jar)\n" + hint))
        self.assertEqual(self.run_main("zip"), (2, "error: unknown command 'zip'\n" + hint))
        self.assertEqual(self.run_main("jar", "a"), (2, "error: 'jar' takes 2 arguments, got 1\n" + hint))
        self.assertEqual(self.run_main("unpack", "a"), (2, "error: 'unpack' takes at least 5 arguments, got 1\n" + hint))

    def test_a_failure_exits_1_with_its_reason(self):
        os.makedirs(self.path("empty"))
        self.assertEqual(self.run_main("jar", self.path("empty"), self.path("out.jar")),
                         (1, f"error: jar: no .class files under {self.path('empty')}\n"))

    def test_a_missing_wheel_exits_1(self):
        status, err = self.run_main("unpack", self.path("none.whl"), self.path("s"), "jars", COMPILER, *LIBRARIES)
        self.assertEqual(status, 1)
        self.assertTrue(err.startswith("error: unpack: [Errno 2] No such file or directory"), err)


if __name__ == "__main__":
    unittest.main()
