package conformance.junit.internal

import conformance.junit.ConformanceRunException
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Assertions.assertThrows

class EventStreamTest {
    private val header =
        """{"baseline":null,"format":"udf-conformance-events","implementations":[{"features":["login"],"language":"Kotlin","levels":{"login":["reducer"]},"name":"kotlin","startError":null,"version":"1.0.0"}],"kind":"header","options":{},"tool":{"name":"conformance","version":"1.0.0"},"version":1}"""

    private fun scenario(id: String, text: String) =
        """{"feature":"login","file":"Conformance/scenarios/login/$id.json","kind":"scenario","level":"reducer","line":1,"scenario":"$id","tags":[],"text":"$text","version":1}"""

    private fun finished(id: String, outcome: String) =
        """{"attempt":1,"durationMs":0.5,"implementation":"kotlin","kind":"finished","outcome":"$outcome","scenario":"$id","version":1}"""

    private fun summary(exitCode: Int) = """{"exitCode":$exitCode,"kind":"summary","passed":1,"version":1}"""

    private fun read(vararg lines: String) = EventStream().apply { lines.forEach(::read) }

    @Test
    fun `passed and known pass, not applicable is skipped, every other outcome fails with the scenario's text`() {
        val stream = read(
            header,
            scenario("a", "✓ a"), finished("a", "passed"),
            scenario("b", "~ b (known: Unicode 15.0)"), finished("b", "known"),
            scenario("c", "· c (not applicable: runtime)"), finished("c", "not_applicable"),
            scenario("d", "✗ d (failed)\\n    file: d.json"), finished("d", "failed"),
            scenario("e", "- e (skipped: no feature)"), finished("e", "skipped"),
            scenario("f", "✗ f (a later word)"), finished("f", "flaky_fault"),
            summary(1),
        )
        assertEquals(
            listOf(
                ScenarioResult("a", "Conformance/scenarios/login/a.json", 1, Verdict.Passes),
                ScenarioResult("b", "Conformance/scenarios/login/b.json", 1, Verdict.Passes),
                ScenarioResult("c", "Conformance/scenarios/login/c.json", 1, Verdict.Skipped("· c (not applicable: runtime)")),
                ScenarioResult("d", "Conformance/scenarios/login/d.json", 1, Verdict.Fails("✗ d (failed)\n    file: d.json")),
                ScenarioResult("e", "Conformance/scenarios/login/e.json", 1, Verdict.Fails("- e (skipped: no feature)")),
                ScenarioResult("f", "Conformance/scenarios/login/f.json", 1, Verdict.Fails("✗ f (a later word)")),
            ),
            stream.results(1, ""),
        )
    }

    @Test
    fun `an invalid file is a failing test named by its file, at its line, with the CLI's error line`() {
        val stream = read(
            header,
            """{"column":3,"file":"Conformance/scenarios/login/broken.json","kind":"invalid","line":4,"message":"invalid JSON","path":"(root)","text":"error: Conformance/scenarios/login/broken.json:4:3: invalid JSON","version":1}""",
            summary(2),
        )
        assertEquals(
            listOf(
                ScenarioResult(
                    "broken", "Conformance/scenarios/login/broken.json", 4,
                    Verdict.Fails("error: Conformance/scenarios/login/broken.json:4:3: invalid JSON"),
                ),
            ),
            stream.results(2, "error: Conformance/scenarios/login/broken.json:4:3: invalid JSON\n"),
        )
    }

    @Test
    fun `a run that fails with no failing scenario adds a failing test with the CLI's standard error`() {
        val stream = read(header, scenario("a", "✓ a"), finished("a", "passed"), summary(1))
        assertEquals(
            ScenarioResult(
                "conformance run", null, 1,
                Verdict.Fails("conformance run exited with status 1:\nerror: the baseline entry 'x' matches no scenario"),
            ),
            stream.results(1, "error: the baseline entry 'x' matches no scenario\n").last(),
        )
    }

    @Test
    fun `a harness that did not start fails each scenario with the CLI's text and the error line it points at`() {
        val why = "the harness 'kotlin' answered 'hello', but it announces feature 'inbox', which no manifest defines"
        val notStarted = header.replace(""""startError":null""", """"startError":"$why"""")
        val text = "✗ a (not run)\\n    not run: the implementation 'kotlin' did not start (see the error above)"
        val stream = read(notStarted, scenario("a", text), finished("a", "not_run"), summary(1))
        assertEquals(
            listOf(
                ScenarioResult(
                    "a", "Conformance/scenarios/login/a.json", 1,
                    Verdict.Fails(
                        "✗ a (not run)\n    not run: the implementation 'kotlin' did not start (see the error above)\n" +
                            "error: the implementation 'kotlin' did not start: $why",
                    ),
                ),
            ),
            stream.results(1, "error: the implementation 'kotlin' did not start: $why\n"),
        )
        val late = """{"features":[],"implementation":null,"kind":"implementation","name":"kotlin","startError":"$why","started":false,"version":1}"""
        val lateText = read(header, late, scenario("a", text), finished("a", "not_run"), summary(1)).results(1, "")[0].verdict
        assertEquals(
            Verdict.Fails(
                "✗ a (not run)\n    not run: the implementation 'kotlin' did not start (see the error above)\n" +
                    "error: the implementation 'kotlin' did not start: $why",
            ),
            lateText,
        )
        val failFast = read(header, scenario("a", "✗ a (not run)"), finished("a", "not_run"), summary(1)).results(1, "")[0]
        assertEquals(Verdict.Fails("✗ a (not run)"), failFast.verdict, "no start error: the text is the CLI's alone")
    }

    @Test
    fun `a retried pair counts its last attempt, and flaky passes`() {
        val attempt = { number: Int, outcome: String ->
            """{"attempt":$number,"durationMs":1,"implementation":"kotlin","kind":"finished","outcome":"$outcome","scenario":"a","version":1}"""
        }
        assertEquals(
            Verdict.Passes,
            read(header, scenario("a", "✓ a (flaky)"), attempt(1, "crashed"), attempt(2, "flaky"), summary(0))
                .results(0, "")[0].verdict,
        )
        assertEquals(
            Verdict.Fails("✗ a (crashed)"),
            read(header, scenario("a", "✗ a (crashed)"), attempt(1, "crashed"), attempt(2, "crashed"), summary(1))
                .results(1, "")[0].verdict,
        )
    }

    @Test
    fun `an unexplained divergence fails, a known one does not`() {
        val divergence = { known: Boolean ->
            """{"file":"a.json","known":$known,"kind":"divergence","paths":["state.error"],"scenario":"a","step":2,"version":1}"""
        }
        val text = "passed          passed          a (divergence)"
        assertEquals(
            Verdict.Fails(text),
            read(header, scenario("a", text), finished("a", "passed"), divergence(false), summary(1)).results(1, "")[0].verdict,
        )
        assertEquals(
            Verdict.Passes,
            read(header, scenario("a", text), finished("a", "passed"), divergence(true), summary(0)).results(0, "")[0].verdict,
        )
    }

    @Test
    fun `a second header starts over, as after a trap the run starts again`() {
        val stream = read(header, scenario("a", "✗ a (crashed)"), header, scenario("a", "✓ a"), finished("a", "passed"), summary(0))
        assertEquals(listOf(ScenarioResult("a", "Conformance/scenarios/login/a.json", 1, Verdict.Passes)), stream.results(0, ""))
    }

    @Test
    fun `unknown kinds and fields are ignored`() {
        val stream = read(header, """{"kind":"shard","version":1,"index":1}""", scenario("a", "✓ a"), finished("a", "passed"), summary(0))
        assertEquals(1, stream.results(0, "").size)
    }

    @Test
    fun `a stream without its summary was cut short, and says the CLI's standard error`() {
        val stream = read(header, scenario("a", "✓ a"))
        val error = assertThrows(ConformanceRunException::class.java) { stream.results(134, "Fatal error: trap\n") }
        assertEquals("the event stream ended without its summary (exit status 134):\nFatal error: trap", error.message)
        val nothing = assertThrows(ConformanceRunException::class.java) {
            EventStream().results(2, "error: unknown option '--bogus'\n")
        }
        assertEquals("conformance run wrote no event stream (exit status 2):\nerror: unknown option '--bogus'", nothing.message)
    }

    @Test
    fun `a line that is not JSON, or another version, stops the reading`() {
        val notJson = assertThrows(ConformanceRunException::class.java) { read(header, "Ran 3 scenarios") }
        assertEquals("line 2 of the event stream is not a JSON object: 'Ran 3 scenarios'", notJson.message)
        val version = assertThrows(ConformanceRunException::class.java) { read("""{"kind":"header","version":2}""") }
        assertEquals(
            "the event stream is version 2, and this library reads version 1; " +
                "use the conformance binary of the same release as the library",
            version.message,
        )
    }
}
