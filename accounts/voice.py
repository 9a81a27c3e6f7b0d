"""Strings of django-allauth and Django's password checks that Tablero says in its own voice.

Their Spanish catalogues say "usted"; the site says "vos". Listing the msgids here puts them in the
project's catalogue (``make messages``), which Django reads before any app's, so the sign-up, log-in and
password pages speak like the rest of the site. Never called: only extracted.
"""

from django.utils.translation import gettext_noop, ngettext_noop

VOS = [
    gettext_noop("If you have not created an account yet, then please %(link)ssign up%(end_link)s first."),
    gettext_noop("Already have an account? Then please %(link)ssign in%(end_link)s."),
    gettext_noop("Forgotten your password? Enter your email address below, and we'll send you an email allowing you "
                 "to reset it."),
    gettext_noop("Please contact us if you have any trouble resetting your password."),
    gettext_noop("We have sent you an email. If you have not received it please check your spam folder. Otherwise "
                 "contact us if you do not receive it in a few minutes."),
    gettext_noop("Are you sure you want to sign out?"),
    gettext_noop("You have signed out."),
    gettext_noop("Successfully signed in as %(name)s."),
    gettext_noop("Please type your current password."),
    gettext_noop("Too many failed login attempts. Try again later."),
    gettext_noop("Your password is now changed."),
    gettext_noop("Your password has been changed."),
    gettext_noop("Your password has been reset."),
    gettext_noop("Your password has been set."),
    gettext_noop("Your email has been confirmed."),
    gettext_noop("You have confirmed %(email)s."),
    gettext_noop("Please Confirm Your Email Address"),
    gettext_noop("Your email address is still pending verification."),
    gettext_noop("The following email addresses are associated with your account:"),
    gettext_noop("Do you really want to remove the selected email address?"),
    gettext_noop("You cannot remove your primary email address."),
    gettext_noop("Your old password was entered incorrectly. Please enter it again."),
    gettext_noop("Your password can’t be too similar to your other personal information."),
    gettext_noop("Your password can’t be a commonly used password."),
    gettext_noop("Your password can’t be entirely numeric."),
    ngettext_noop("Your password must contain at least %(min_length)d character.",
                  "Your password must contain at least %(min_length)d characters."),
    gettext_noop("Remember Me"),
    gettext_noop("Forgot your password?"),
    gettext_noop("Forgot Password?"),
]
