package conformance.login

import conformance.login.LoginEffect.Authenticate
import conformance.login.LoginEffect.Cancel
import conformance.login.LoginIntent.Dismissed
import conformance.login.LoginIntent.LoginResponse
import conformance.login.LoginIntent.Submit
import conformance.login.LoginIntent.UpdateEmail
import conformance.login.LoginIntent.UpdatePassword
import conformance.udf.Next
import java.util.stream.Stream
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.Arguments
import org.junit.jupiter.params.provider.Arguments.arguments
import org.junit.jupiter.params.provider.MethodSource

/** Login spec L1–L5, rule by rule, against [LoginReducer]. */
class LoginReducerTest {
    private val valid = LoginState(email = "user@example.com", password = "correct-horse")
    private val loading = valid.copy(isLoading = true)

    private fun reduce(state: LoginState, intent: LoginIntent) = LoginReducer.reduce(state, intent)

    /** The error rule c–e sets: only `error` changes, `isLoading` stays false, no effects. */
    private fun rejected(state: LoginState, error: String) = Next<LoginState, LoginEffect>(state.copy(error = error))

    private fun submitted(state: LoginState, email: String) =
        Next<LoginState, LoginEffect>(
            state.copy(isLoading = true, error = null),
            listOf(Authenticate(email = email, password = state.password)),
        )

    // L1, L2

    @ParameterizedTest(name = "{0}")
    @MethodSource("verbatimTexts")
    fun `email changes are stored verbatim without effects (L1)`(description: String, text: String) {
        assertEquals(
            Next<LoginState, LoginEffect>(loading.copy(email = text)),
            reduce(loading, UpdateEmail(text)),
            description,
        )
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("verbatimTexts")
    fun `password changes are stored verbatim without effects (L2)`(description: String, text: String) {
        assertEquals(
            Next<LoginState, LoginEffect>(loading.copy(password = text)),
            reduce(loading, UpdatePassword(text)),
            description,
        )
    }

    // L3

    @Test
    fun `submit while loading is ignored even with invalid input (L3 a)`() {
        val invalid = LoginState(email = "", password = "", isLoading = true, error = "Earlier error.")
        assertEquals(Next<LoginState, LoginEffect>(invalid), reduce(invalid, Submit))
        assertEquals(Next<LoginState, LoginEffect>(loading), reduce(loading, Submit))
    }

    @Test
    fun `valid submit starts loading, clears the error and authenticates (L3 f)`() {
        val state = valid.copy(error = "Earlier error.")
        assertEquals(submitted(state, "user@example.com"), reduce(state, Submit))
    }

    @ParameterizedTest(name = "U+{0} is trimmed")
    @MethodSource("whiteSpace")
    fun `every White_Space code point is trimmed from both ends (L3 b)`(hex: String) {
        val space = Character.toString(hex.toInt(16))
        val state = valid.copy(email = "$space${space}a@b.co$space")
        assertEquals(submitted(state, "a@b.co"), reduce(state, Submit))
    }

    @ParameterizedTest(name = "U+{0} is kept")
    @MethodSource("notWhiteSpace")
    fun `code points without White_Space are kept and sent (L3 b)`(hex: String) {
        val other = Character.toString(hex.toInt(16))
        val state = valid.copy(email = "${other}a@b.co$other")
        assertEquals(submitted(state, "${other}a@b.co$other"), reduce(state, Submit))
    }

    @Test
    fun `the state keeps the untrimmed email while the effect gets the trimmed one (L3 b, f)`() {
        val state = valid.copy(email = "\u3000 user@example.com\u00A0\n")
        val next = reduce(state, Submit)
        assertEquals("\u3000 user@example.com\u00A0\n", next.state.email)
        assertEquals(listOf(Authenticate("user@example.com", "correct-horse")), next.effects)
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("blankEmails")
    fun `an empty or White_Space-only email is required (L3 c)`(description: String, email: String) {
        val state = valid.copy(email = email)
        assertEquals(rejected(state, "Email is required."), reduce(state, Submit), description)
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidEmails")
    fun `an implausible email is rejected (L3 d)`(description: String, email: String) {
        val state = valid.copy(email = email)
        assertEquals(rejected(state, "Enter a valid email address."), reduce(state, Submit), description)
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plausibleEmails")
    fun `a plausible email is sent as trimmed (L3 d)`(description: String, email: String) {
        val state = valid.copy(email = email)
        assertEquals(submitted(state, email), reduce(state, Submit), description)
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shortPasswords")
    fun `a password under 8 grapheme clusters is rejected (L3 e)`(description: String, password: String) {
        val state = valid.copy(password = password)
        assertEquals(rejected(state, "Password must be at least 8 characters."), reduce(state, Submit), description)
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("longEnoughPasswords")
    fun `a password of 8 grapheme clusters is sent verbatim (L3 e, f)`(description: String, password: String) {
        val state = valid.copy(password = password)
        assertEquals(submitted(state, "user@example.com"), reduce(state, Submit), description)
    }

    @Test
    fun `a missing email wins over an invalid one and a short password (L3 c before d and e)`() {
        val state = LoginState(email = " \t ", password = "short", error = "Earlier error.")
        assertEquals(rejected(state, "Email is required."), reduce(state, Submit))
    }

    @Test
    fun `an invalid email wins over a short password (L3 d before e)`() {
        val state = LoginState(email = "not-an-email", password = "short")
        assertEquals(rejected(state, "Enter a valid email address."), reduce(state, Submit))
    }

    @Test
    fun `a rejected submit replaces an earlier error (L3 c-e)`() {
        val state = valid.copy(password = "short", error = "Wrong password.")
        assertEquals(rejected(state, "Password must be at least 8 characters."), reduce(state, Submit))
    }

    // L4

    @Test
    fun `a success while loading stops loading and clears the error (L4 b)`() {
        val state = loading.copy(error = "Stale.")
        val expected = Next<LoginState, LoginEffect>(state.copy(isLoading = false, error = null))
        assertEquals(expected, reduce(state, LoginResponse(LoginResult.Success("user-1"))))
    }

    @Test
    fun `a failure while loading stops loading and shows its message verbatim (L4 b)`() {
        for (message in listOf("Wrong password.", "", " Résumé\u0000 ")) {
            val expected = Next<LoginState, LoginEffect>(loading.copy(isLoading = false, error = message))
            assertEquals(expected, reduce(loading, LoginResponse(LoginResult.Failure(message))))
        }
    }

    @Test
    fun `a response when not loading is ignored (L4 a)`() {
        val idle = valid.copy(error = "Earlier error.")
        for (result in listOf(LoginResult.Success("user-1"), LoginResult.Failure("Late."))) {
            assertEquals(Next<LoginState, LoginEffect>(idle), reduce(idle, LoginResponse(result)))
        }
    }

    // L5

    @Test
    fun `dismissing while loading stops loading and cancels authentication (L5)`() {
        val state = loading.copy(error = null)
        val expected = Next<LoginState, LoginEffect>(state.copy(isLoading = false), listOf(Cancel("authenticate")))
        assertEquals(expected, reduce(state, Dismissed))
    }

    @Test
    fun `dismissing when not loading is ignored (L5)`() {
        val idle = valid.copy(error = "Earlier error.")
        assertEquals(Next<LoginState, LoginEffect>(idle), reduce(idle, Dismissed))
    }

    @Test
    fun `a late response after dismissing does not land (L4 a after L5)`() {
        val dismissed = reduce(reduce(valid, Submit).state, Dismissed).state
        assertEquals(
            Next<LoginState, LoginEffect>(dismissed),
            reduce(dismissed, LoginResponse(LoginResult.Failure("Late."))),
        )
    }

    companion object {
        private val whiteSpaceHex = listOf(
            "0009", "000A", "000B", "000C", "000D", "0020", "0085", "00A0", "1680",
            "2000", "2001", "2002", "2003", "2004", "2005", "2006", "2007", "2008", "2009", "200A",
            "2028", "2029", "202F", "205F", "3000",
        )

        @JvmStatic
        fun whiteSpace(): List<String> = whiteSpaceHex

        @JvmStatic
        fun notWhiteSpace(): List<String> = listOf("200B", "FEFF", "180E", "001C", "001D", "001E", "001F", "00AD")

        @JvmStatic
        fun verbatimTexts(): Stream<Arguments> = Stream.of(
            arguments("surrounding spaces", "  a@b.co \t"),
            arguments("empty", ""),
            arguments("NFD accent", "re\u0301sume\u0301@example.com"),
            arguments("NFC accent", "r\u00E9sum\u00E9@example.com"),
            arguments("NUL and controls", "a\u0000b\u0001\u001F"),
            arguments("lone surrogates", "\uD800x\uDC00"),
            arguments("emoji with skin tone", "\uD83D\uDC4D\uD83C\uDFFD"),
            arguments("line separators", "a\u2028b\u2029c\r\n"),
        )

        @JvmStatic
        fun blankEmails(): Stream<Arguments> = Stream.of(
            arguments("empty", ""),
            arguments("spaces", "   "),
            arguments("tabs and newlines", "\t\n\u000B\u000C\r"),
            arguments("NBSP and ideographic space", "\u00A0\u3000"),
            arguments("every White_Space code point", whiteSpaceHex.joinToString("") { Character.toString(it.toInt(16)) }),
        )

        @JvmStatic
        fun invalidEmails(): Stream<Arguments> = Stream.of(
            arguments("no @", "user.example.com"),
            arguments("two @", "a@b@c.co"),
            arguments("doubled @", "a@@b.co"),
            arguments("empty local part", "@b.co"),
            arguments("empty domain", "a@"),
            arguments("domain without a dot", "a@localhost"),
            arguments("domain starting with a dot", "a@.co"),
            arguments("domain ending with a dot", "a@b.co."),
            arguments("domain that is only a dot", "a@."),
            arguments("inner space", "a b@c.co"),
            arguments("inner tab", "a@b\t.co"),
            arguments("inner NBSP", "a@b\u00A0c.co"),
            arguments("inner ideographic space", "a\u3000b@c.co"),
            arguments("inner line separator", "a@b.c\u2028o"),
            arguments("dot then combining accent starts the domain (code points)", "a@.\u0301b"),
            arguments("fullwidth @ is not U+0040", "a\uFF20b.co"),
        )

        @JvmStatic
        fun plausibleEmails(): Stream<Arguments> = Stream.of(
            arguments("minimal", "a@b.c"),
            arguments("dots everywhere allowed", "a.b@c.d.e"),
            arguments("zero-width space inside is not White_Space", "a\u200B@b.c"),
            arguments("zero-width space in the domain", "a@b.\u200Bc"),
            arguments("BOM at the start is not White_Space", "\uFEFFa@b.c"),
            arguments("combining accent after @ (code points, not characters)", "a@\u0301b.c"),
            arguments("combining accent after the last dot", "a@b.\u0301"),
            arguments("NFD accents", "re\u0301sume\u0301@exa\u0301mple.com"),
            arguments("non-ASCII", "\u7528\u6237@\u4F8B\u5B50.\u4E2D\u56FD"),
        )

        private const val THUMBS_UP_MEDIUM = "\uD83D\uDC4D\uD83C\uDFFD"
        private const val FLAG_FR = "\uD83C\uDDEB\uD83C\uDDF7"
        private const val FAMILY = "\uD83D\uDC68\u200D\uD83D\uDC69\u200D\uD83D\uDC67\u200D\uD83D\uDC66"

        @JvmStatic
        fun shortPasswords(): Stream<Arguments> = Stream.of(
            arguments("empty", ""),
            arguments("7 ASCII", "1234567"),
            arguments("7 emoji with skin tone (28 UTF-16 units)", THUMBS_UP_MEDIUM.repeat(7)),
            arguments("7 NFD letters (14 code points)", "e\u0301".repeat(7)),
            arguments("4 flags (8 regional indicators)", FLAG_FR.repeat(4)),
            arguments("7 ZWJ families", FAMILY.repeat(7)),
            arguments("7 CR LF pairs", "\r\n".repeat(7)),
            arguments("7 Hangul L V T syllables", "\u1100\u1161\u11A8".repeat(7)),
        )

        @JvmStatic
        fun longEnoughPasswords(): Stream<Arguments> = Stream.of(
            arguments("8 ASCII", "12345678"),
            arguments("8 spaces (passwords are not trimmed)", "        "),
            arguments("8 emoji with skin tone", THUMBS_UP_MEDIUM.repeat(8)),
            arguments("8 NFD letters", "e\u0301".repeat(8)),
            arguments("8 flags", FLAG_FR.repeat(8)),
            arguments("8 lone surrogates", "\uD800".repeat(8)),
        )
    }
}
