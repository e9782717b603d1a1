package conformance.signup

import conformance.signup.internal.Username
import conformance.udf.Next
import conformance.udf.Reducer
import conformance.unicode.Graphemes
import conformance.unicode.WhiteSpace

/**
 * The sign-up screen's pure reducer: signup spec rules S1–S8 (`Conformance/features/signup.md`), exactly
 * as written.
 *
 * ```kotlin
 * val next = SignupReducer.reduce(SignupState(), SignupIntent.UsernameChanged("Kate"))
 * // next.state.availability == Availability.CHECKING
 * // next.effects == listOf(SignupEffect.CheckAvailability("kate"))
 * ```
 */
public object SignupReducer : Reducer<SignupState, SignupIntent, SignupEffect> {
    internal const val USERNAME_REQUIRED: String = "Username is required."
    internal const val USERNAME_INVALID: String = "Use 3 to 20 letters a-z, digits or underscores."
    internal const val USERNAME_TAKEN: String = "That username is taken."
    internal const val DISPLAY_NAME_REQUIRED: String = "Display name is required."
    internal const val DISPLAY_NAME_TOO_LONG: String = "Display name must be at most 30 characters."
    internal const val AGE_REQUIRED: String = "Age is required."
    internal const val AGE_NOT_DIGITS: String = "Enter your age in digits."
    internal const val AGE_TOO_LOW: String = "You must be at least 13."
    internal const val AGE_TOO_HIGH: String = "Enter a real age."
    internal const val TERMS_NOT_ACCEPTED: String = "Accept the terms to continue."
    internal const val MAXIMUM_DISPLAY_NAME_LENGTH: Int = 30
    internal const val MINIMUM_AGE: Int = 13
    internal const val MAXIMUM_AGE: Int = 130
    private const val MAXIMUM_AGE_DIGITS = 3

    /**
     * Applies [intent] to [state].
     *
     * @param state the state before the intent.
     * @param intent the intent to apply.
     * @return the next state and its effects: [SignupEffect.CheckAvailability] for a valid username (S1),
     *   [SignupEffect.Register] from a valid submit (S6), [SignupEffect.Cancel] when a running check or
     *   request is abandoned (S1, S8); none otherwise.
     */
    override fun reduce(state: SignupState, intent: SignupIntent): Next<SignupState, SignupEffect> =
        when (intent) {
            is SignupIntent.UsernameChanged -> changeUsername(state, intent.value)
            is SignupIntent.AvailabilityResponse -> respondToCheck(state, intent)
            // S3
            is SignupIntent.DisplayNameChanged ->
                Next(state.copy(displayName = intent.value, errors = state.errors.copy(displayName = null)))
            // S4
            is SignupIntent.AgeChanged -> Next(state.copy(age = intent.value, errors = state.errors.copy(age = null)))
            // S5
            SignupIntent.TermsToggled ->
                Next(state.copy(acceptedTerms = !state.acceptedTerms, errors = state.errors.copy(terms = null)))
            SignupIntent.Submit -> submit(state)
            is SignupIntent.RegisterResponse -> respondToRegister(state, intent.result)
            SignupIntent.Dismissed -> dismiss(state)
        }

    // Rules

    /** S1: store the username verbatim; check a valid normalized name, else drop a running check. */
    private fun changeUsername(state: SignupState, value: String): Next<SignupState, SignupEffect> {
        val edited = state.copy(username = value, errors = state.errors.copy(username = null))
        val normalized = Username.normalize(value)
        // S1.valid
        if (Username.isValid(normalized)) {
            return Next(
                edited.copy(availability = Availability.CHECKING),
                listOf(SignupEffect.CheckAvailability(normalized)),
            )
        }
        // S1.invalid
        val effects = if (state.availability == Availability.CHECKING) {
            listOf(SignupEffect.Cancel(SignupEffect.CheckAvailability.CANCELLATION_ID))
        } else {
            emptyList()
        }
        return Next(edited.copy(availability = Availability.UNKNOWN), effects)
    }

    /** S2: only the answer for the name being checked lands. */
    private fun respondToCheck(
        state: SignupState,
        response: SignupIntent.AvailabilityResponse,
    ): Next<SignupState, SignupEffect> {
        // S2.guard
        if (state.availability != Availability.CHECKING) return Next(state)
        if (response.username != Username.normalize(state.username)) return Next(state)
        // S2.answer
        val availability = if (response.available) Availability.AVAILABLE else Availability.TAKEN
        val error = if (response.available) null else USERNAME_TAKEN
        return Next(state.copy(availability = availability, errors = state.errors.copy(username = error)))
    }

    /** S6: compute all four errors independently; register when there are none. */
    private fun submit(state: SignupState): Next<SignupState, SignupEffect> {
        // S6.guard
        if (state.isSubmitting) return Next(state)
        val username = Username.normalize(state.username)
        val displayName = WhiteSpace.trim(state.displayName)
        val ageText = WhiteSpace.trim(state.age)
        val age = parseAge(ageText)
        val errors = SignupErrors(
            // S6.username
            username = usernameError(username, state.availability),
            // S6.displayName
            displayName = displayNameError(displayName),
            // S6.age
            age = ageError(ageText, age),
            // S6.terms
            terms = if (state.acceptedTerms) null else TERMS_NOT_ACCEPTED,
        )
        val checked = state.copy(errors = errors, submitError = null)
        // S6.register: only when all four errors are null.
        if (errors != SignupErrors() || age == null) return Next(checked)
        return Next(
            checked.copy(isSubmitting = true),
            listOf(SignupEffect.Register(username = username, displayName = displayName, age = age)),
        )
    }

    /** S6.username, on `n = normalize(username)`. */
    private fun usernameError(normalized: String, availability: Availability): String? = when {
        normalized.isEmpty() -> USERNAME_REQUIRED
        !Username.isValid(normalized) -> USERNAME_INVALID
        availability == Availability.TAKEN -> USERNAME_TAKEN
        else -> null
    }

    /** S6.displayName, on `d = trim(displayName)`; length in extended grapheme clusters (login §3.3). */
    private fun displayNameError(trimmed: String): String? = when {
        trimmed.isEmpty() -> DISPLAY_NAME_REQUIRED
        Graphemes.count(trimmed, MAXIMUM_DISPLAY_NAME_LENGTH + 1) > MAXIMUM_DISPLAY_NAME_LENGTH -> DISPLAY_NAME_TOO_LONG
        else -> null
    }

    /** S6.age, on `a = trim(age)` and its value from [parseAge]. */
    private fun ageError(trimmed: String, age: Int?): String? = when {
        trimmed.isEmpty() -> AGE_REQUIRED
        age == null -> AGE_NOT_DIGITS
        age < MINIMUM_AGE -> AGE_TOO_LOW
        age > MAXIMUM_AGE -> AGE_TOO_HIGH
        else -> null
    }

    /** The value of [trimmed] when it is 1 to 3 code points, each U+0030–U+0039 (S6.age), else `null`. */
    private fun parseAge(trimmed: String): Int? {
        if (trimmed.length !in 1..MAXIMUM_AGE_DIGITS) return null
        if (!trimmed.all { it in '0'..'9' }) return null
        return trimmed.toInt()
    }

    /** S7: a response lands only while submitting. */
    private fun respondToRegister(state: SignupState, result: RegisterResult): Next<SignupState, SignupEffect> {
        // S7.guard
        if (!state.isSubmitting) return Next(state)
        val done = state.copy(isSubmitting = false)
        return Next(
            when (result) {
                // S7.success
                is RegisterResult.Success -> done.copy(userId = result.account.userId)
                // S7.failure
                is RegisterResult.Failure -> done.copy(submitError = result.message)
                // S7.usernameTaken
                RegisterResult.UsernameTaken -> done.copy(
                    availability = Availability.TAKEN,
                    errors = done.errors.copy(username = USERNAME_TAKEN),
                )
            },
        )
    }

    /** S8: cancel a running check, then a running register request, in that order. */
    private fun dismiss(state: SignupState): Next<SignupState, SignupEffect> {
        var next = state
        val effects = ArrayList<SignupEffect>(2)
        // S8.checking
        if (next.availability == Availability.CHECKING) {
            next = next.copy(availability = Availability.UNKNOWN)
            effects.add(SignupEffect.Cancel(SignupEffect.CheckAvailability.CANCELLATION_ID))
        }
        // S8.submitting
        if (next.isSubmitting) {
            next = next.copy(isSubmitting = false)
            effects.add(SignupEffect.Cancel(SignupEffect.Register.CANCELLATION_ID))
        }
        return Next(next, effects)
    }
}
