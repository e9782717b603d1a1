package conformance.signup

import conformance.signup.Availability.AVAILABLE
import conformance.signup.Availability.CHECKING
import conformance.signup.Availability.TAKEN
import conformance.signup.Availability.UNKNOWN
import conformance.signup.SignupEffect.Cancel
import conformance.signup.SignupEffect.CheckAvailability
import conformance.signup.SignupEffect.Register
import conformance.signup.SignupIntent.AgeChanged
import conformance.signup.SignupIntent.AvailabilityResponse
import conformance.signup.SignupIntent.DisplayNameChanged
import conformance.signup.SignupIntent.Dismissed
import conformance.signup.SignupIntent.RegisterResponse
import conformance.signup.SignupIntent.Submit
import conformance.signup.SignupIntent.TermsToggled
import conformance.signup.SignupIntent.UsernameChanged
import conformance.udf.Next
import java.time.Instant
import java.util.UUID
import java.util.stream.Stream
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.Arguments
import org.junit.jupiter.params.provider.Arguments.arguments
import org.junit.jupiter.params.provider.MethodSource

/** Signup spec S1–S8 and the spec's edge cases, rule by rule, against [SignupReducer]. */
class SignupReducerTest {
    private val filled = SignupState(username = "kate", displayName = "Kate", age = "30", acceptedTerms = true)
    private val submitting = filled.copy(isSubmitting = true, availability = AVAILABLE)
    private val account = Account(UUID.fromString("0b6c3f4e-8d1a-4c2b-9f3e-5a7d2c1b0e9f"), Instant.EPOCH)
    private val cancelCheck = Cancel("availability")
    private val cancelRegister = Cancel("register")

    private fun reduce(state: SignupState, vararg intents: SignupIntent): Next<SignupState, SignupEffect> {
        var next = Next<SignupState, SignupEffect>(state)
        for (intent in intents) next = SignupReducer.reduce(next.state, intent)
        return next
    }

    private fun next(state: SignupState, vararg effects: SignupEffect) = Next<SignupState, SignupEffect>(state, effects.toList())

    // S1 usernameChanged

    @Test
    fun `a valid username is stored verbatim and checked under its normalized form (S1)`() {
        val state = SignupState(errors = SignupErrors(username = "Old.", age = "Keep."))
        assertEquals(
            next(state.copy(username = " Kate_1 ", availability = CHECKING, errors = SignupErrors(age = "Keep.")), CheckAvailability("kate_1")),
            reduce(state, UsernameChanged(" Kate_1 ")),
        )
    }

    @Test
    fun `a new valid username while checking starts a new check without a cancel (S1)`() {
        val checking = SignupState(username = "kate", availability = CHECKING)
        assertEquals(next(checking.copy(username = "kater"), CheckAvailability("kater")), reduce(checking, UsernameChanged("kater")))
    }

    @Test
    fun `an invalid username while checking cancels the check (S1)`() {
        val checking = SignupState(username = "kate", availability = CHECKING)
        assertEquals(next(checking.copy(username = "ka", availability = UNKNOWN), cancelCheck), reduce(checking, UsernameChanged("ka")))
    }

    @ParameterizedTest(name = "from {0}")
    @MethodSource("notChecking")
    fun `an invalid username when not checking resets availability without effects (S1)`(availability: Availability) {
        val state = SignupState(username = "kate", availability = availability, errors = SignupErrors(username = "That username is taken."))
        assertEquals(next(state.copy(username = "", availability = UNKNOWN, errors = SignupErrors())), reduce(state, UsernameChanged("")))
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("usernames")
    fun `usernames are normalized and validated per code point (S1, edge cases)`(
        description: String,
        value: String,
        checked: String?,
    ) {
        val result = reduce(SignupState(), UsernameChanged(value))
        val expected = if (checked == null) next(SignupState(username = value))
        else next(SignupState(username = value, availability = CHECKING), CheckAvailability(checked))
        assertEquals(expected, result, description)
    }

    // S2 availabilityResponse

    @Test
    fun `a response for the name being checked sets availability and the username error (S2)`() {
        val checking = SignupState(username = " KATE ", availability = CHECKING)
        assertEquals(next(checking.copy(availability = AVAILABLE)), reduce(checking, AvailabilityResponse("kate", true)))
        assertEquals(
            next(checking.copy(availability = TAKEN, errors = SignupErrors(username = "That username is taken."))),
            reduce(checking, AvailabilityResponse("kate", false)),
        )
    }

    @Test
    fun `an available response clears a username error (S2)`() {
        val checking = SignupState(username = "kate", availability = CHECKING, errors = SignupErrors(username = "x"))
        assertEquals(next(checking.copy(availability = AVAILABLE, errors = SignupErrors())), reduce(checking, AvailabilityResponse("kate", true)))
    }

    @Test
    fun `a stale response, one for the typed rather than normalized name, and one while idle are ignored (S2)`() {
        val checking = SignupState(username = "Kater", availability = CHECKING)
        assertEquals(next(checking), reduce(checking, AvailabilityResponse("kate", false)))
        assertEquals(next(checking), reduce(checking, AvailabilityResponse("Kater", false)))
        for (availability in listOf(UNKNOWN, AVAILABLE, TAKEN)) {
            val idle = SignupState(username = "kate", availability = availability)
            assertEquals(next(idle), reduce(idle, AvailabilityResponse("kate", false)))
        }
    }

    // S3, S4, S5

    @Test
    fun `display name and age are stored verbatim and clear only their own error (S3, S4)`() {
        val errors = SignupErrors("u", "d", "a", "t")
        val state = SignupState(errors = errors)
        assertEquals(next(state.copy(displayName = " \u0085x ", errors = errors.copy(displayName = null))), reduce(state, DisplayNameChanged(" \u0085x ")))
        assertEquals(next(state.copy(age = "\uFF14\uFF12", errors = errors.copy(age = null))), reduce(state, AgeChanged("\uFF14\uFF12")))
    }

    @Test
    fun `termsToggled flips acceptance and clears the terms error (S5)`() {
        val state = SignupState(errors = SignupErrors(terms = "Accept the terms to continue.", age = "a"))
        val once = reduce(state, TermsToggled)
        assertEquals(next(state.copy(acceptedTerms = true, errors = SignupErrors(age = "a"))), once)
        assertEquals(next(once.state.copy(acceptedTerms = false)), reduce(once.state, TermsToggled))
    }

    // S6 submit

    @Test
    fun `a valid form registers with the normalized username, trimmed display name and integer age (S6)`() {
        val state = filled.copy(username = " Kate ", displayName = "\u3000Kate K\u2029", age = " 042 ", availability = AVAILABLE, submitError = "Old.")
        assertEquals(
            next(state.copy(isSubmitting = true, submitError = null), Register("kate", "Kate K", 42)),
            reduce(state, Submit),
        )
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("notBlocking")
    fun `checking and unknown availability do not block submit (S6)`(availability: Availability) {
        val state = filled.copy(availability = availability)
        assertEquals(next(state.copy(isSubmitting = true), Register("kate", "Kate", 30)), reduce(state, Submit))
    }

    @Test
    fun `a taken username blocks submit (S6)`() {
        val state = filled.copy(availability = TAKEN)
        assertEquals(next(state.copy(errors = SignupErrors(username = "That username is taken."))), reduce(state, Submit))
    }

    @Test
    fun `every field wrong at once sets all four errors and clears submitError (S6)`() {
        val state = SignupState(username = "ab", displayName = " ", age = "abc", submitError = "Old.")
        val errors = SignupErrors(
            username = "Use 3 to 20 letters a-z, digits or underscores.",
            displayName = "Display name is required.",
            age = "Enter your age in digits.",
            terms = "Accept the terms to continue.",
        )
        assertEquals(next(state.copy(errors = errors, submitError = null)), reduce(state, Submit))
    }

    @Test
    fun `an empty form reports what is required (S6)`() {
        val errors = SignupErrors("Username is required.", "Display name is required.", "Age is required.", "Accept the terms to continue.")
        assertEquals(next(SignupState(errors = errors)), reduce(SignupState(), Submit))
        val blank = SignupState(username = " \t", age = "\u0085\u0085")
        assertEquals(next(blank.copy(errors = errors)), reduce(blank, Submit))
    }

    @ParameterizedTest(name = "age ''{0}''")
    @MethodSource("ages")
    fun `ages are 1 to 3 ASCII digits from 13 to 130 after trimming (S6)`(age: String, error: String?, value: Int?) {
        val state = filled.copy(age = age)
        val expected = if (error == null) next(state.copy(isSubmitting = true), Register("kate", "Kate", value!!))
        else next(state.copy(errors = SignupErrors(age = error)))
        assertEquals(expected, reduce(state, Submit))
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("displayNames")
    fun `display names are at most 30 extended grapheme clusters after trimming (S6)`(
        description: String,
        displayName: String,
        error: String?,
    ) {
        val state = filled.copy(displayName = displayName)
        val result = reduce(state, Submit)
        assertEquals(error, result.state.errors.displayName, description)
        assertEquals(error == null, result.state.isSubmitting, description)
    }

    @Test
    fun `a double submit registers once (S6)`() {
        val once = reduce(filled, Submit)
        assertEquals(next(once.state), reduce(once.state, Submit))
        assertEquals(listOf(Register("kate", "Kate", 30)), once.effects)
    }

    // S7 registerResponse

    @Test
    fun `success stores the user id (S7)`() {
        assertEquals(next(submitting.copy(isSubmitting = false, userId = account.userId)), reduce(submitting, RegisterResponse(RegisterResult.Success(account))))
    }

    @Test
    fun `a failure shows the message, and a retry clears it (S7, S6)`() {
        val failed = reduce(submitting, RegisterResponse(RegisterResult.Failure("Server down.")))
        assertEquals(next(submitting.copy(isSubmitting = false, submitError = "Server down.")), failed)
        assertEquals(
            next(failed.state.copy(isSubmitting = true, submitError = null), Register("kate", "Kate", 30)),
            reduce(failed.state, Submit),
        )
    }

    @Test
    fun `usernameTaken marks the name taken, and the next submit is blocked (S7, S6)`() {
        val taken = reduce(submitting, RegisterResponse(RegisterResult.UsernameTaken))
        val expected = submitting.copy(isSubmitting = false, availability = TAKEN, errors = SignupErrors(username = "That username is taken."))
        assertEquals(next(expected), taken)
        assertEquals(next(expected), reduce(taken.state, Submit))
    }

    @Test
    fun `a response while not submitting is ignored (S7)`() {
        for (result in listOf(RegisterResult.Success(account), RegisterResult.Failure("m"), RegisterResult.UsernameTaken)) {
            assertEquals(next(filled), reduce(filled, RegisterResponse(result)))
        }
    }

    // S8 dismissed

    @Test
    fun `dismiss while checking and submitting cancels both, in order, then late responses are ignored (S8)`() {
        val busy = submitting.copy(availability = CHECKING)
        val dismissed = reduce(busy, Dismissed)
        val idle = busy.copy(availability = UNKNOWN, isSubmitting = false)
        assertEquals(next(idle, cancelCheck, cancelRegister), dismissed)
        assertEquals(next(idle), reduce(idle, AvailabilityResponse("kate", true), RegisterResponse(RegisterResult.Success(account))))
    }

    @Test
    fun `dismiss cancels only what runs (S8)`() {
        val checking = SignupState(username = "kate", availability = CHECKING)
        assertEquals(next(checking.copy(availability = UNKNOWN), cancelCheck), reduce(checking, Dismissed))
        assertEquals(next(submitting.copy(isSubmitting = false), cancelRegister), reduce(submitting, Dismissed))
        assertEquals(next(filled), reduce(filled, Dismissed))
    }

    companion object {
        private const val TOO_LONG = "Display name must be at most 30 characters."

        @JvmStatic
        fun notChecking(): List<Availability> = listOf(UNKNOWN, AVAILABLE, TAKEN)

        @JvmStatic
        fun notBlocking(): List<Availability> = listOf(UNKNOWN, CHECKING)

        @JvmStatic
        fun usernames(): Stream<Arguments> = Stream.of(
            arguments("Kelvin sign + ate", "\u212Aate", "kate"),
            arguments("İstanbul lower-cases to i + U+0307: invalid", "\u0130stanbul", null),
            arguments("straße is invalid", "stra\u00DFe", null),
            arguments("STRASSE is valid", "STRASSE", "strasse"),
            arguments("U+200B is not trimmed: invalid", "\u200Bkate", null),
            arguments("NEL and NBSP are trimmed", "\u0085kate\u00A0", "kate"),
            arguments("20 characters", "a".repeat(20), "a".repeat(20)),
            arguments("21 characters", "a".repeat(21), null),
            arguments("3 characters", "abc", "abc"),
            arguments("2 characters", "ab", null),
            arguments("digits and underscore", "__0_9", "__0_9"),
            arguments("hyphen", "kate-k", null),
            arguments("fullwidth letters", "\uFF4B\uFF41\uFF54\uFF45", null),
            arguments("Greek capital sigma", "\u03A3\u03A3\u03A3", null),
        )

        @JvmStatic
        fun ages(): Stream<Arguments> = Stream.of(
            arguments("12", "You must be at least 13.", null),
            arguments("13", null, 13),
            arguments("130", null, 130),
            arguments("131", "Enter a real age.", null),
            arguments("0", "You must be at least 13.", null),
            arguments("999", "Enter a real age.", null),
            arguments("042", null, 42),
            arguments("0013", "Enter your age in digits.", null),
            arguments("+42", "Enter your age in digits.", null),
            arguments("-1", "Enter your age in digits.", null),
            arguments("4.2", "Enter your age in digits.", null),
            arguments("4 2", "Enter your age in digits.", null),
            arguments("\u0664\u0662", "Enter your age in digits.", null),
            arguments("\uFF14\uFF12", "Enter your age in digits.", null),
            arguments("\u008513\u0085", null, 13),
            arguments("\u200B13", "Enter your age in digits.", null),
            arguments("", "Age is required.", null),
            arguments("\u3000", "Age is required.", null),
        )

        @JvmStatic
        fun displayNames(): Stream<Arguments> {
            val thumb = "\uD83D\uDC4D\uD83C\uDFFD"
            return Stream.of(
                arguments("30 emoji with skin tones", thumb.repeat(30), null),
                arguments("31 emoji with skin tones", thumb.repeat(31), TOO_LONG),
                arguments("30 letters", "x".repeat(30), null),
                arguments("31 letters", "x".repeat(31), TOO_LONG),
                arguments("30 letters with trimmed spaces", " " + "x".repeat(30) + "\u2028", null),
                arguments("30 decomposed letters (60 code points)", "e\u0301".repeat(30), null),
                arguments("only White_Space", "\u2000\u3000", "Display name is required."),
            )
        }
    }
}
