"""Strings of django-allauth and Django's password checks that Tablero says in its own voice.

Their Spanish catalogues say "usted"; the site says "vos". Listing the msgids here puts them in the
project's catalogue (``make messages``), which Django reads before any app's, so the sign-up, log-in and
password pages speak like the rest of the site. Never called: only extracted.
"""

from django.utils.translation import gettext_noop, ngettext_lazy

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
    # ngettext_lazy, not a no-op: makemessages extracts plurals only through the keywords it knows.
    ngettext_lazy("Your password must contain at least %(min_length)d character.",
                  "Your password must contain at least %(min_length)d characters.", "min_length"),
    gettext_noop("Remember Me"),
    gettext_noop("Forgot your password?"),
    gettext_noop("Forgot Password?"),
    gettext_noop("The email address and/or password you specified are not correct."),
    gettext_noop("The username and/or password you specified are not correct."),
    gettext_noop("You cannot add more than %d email addresses."),
    gettext_noop("Username can not be used. Please use other username."),
    gettext_noop("This username is already taken. Please choose another."),
    gettext_noop("You must type the same password each time."),
    gettext_noop("Please reauthenticate to safeguard your account."),
    gettext_noop("Enter your password:"),
    gettext_noop("You are already logged in as %(user_display)s."),
    gettext_noop("Verify Your Email Address"),
    gettext_noop("We have sent an email to you for verification. Follow the link provided to finalize the signup "
                 "process. If you do not see the verification email in your main inbox, check your spam folder. "
                 "Please contact us if you do not receive the verification email within a few minutes."),
    gettext_noop("This part of the site requires us to verify that\nyou are who you claim to be. For this purpose, we "
                 "require that you\nverify ownership of your email address. "),
    gettext_noop("We have sent an email to you for\nverification. Please click on the link inside that email. If you do "
                 "not see the verification email in your main inbox, check your spam folder. Otherwise\ncontact us if "
                 "you do not receive it within a few minutes."),
    gettext_noop('Please confirm that <a href="mailto:%(email)s">%(email)s</a> is an email address for user '
                 '%(user_display)s.'),
    gettext_noop('This email confirmation link expired or is invalid. Please <a href="%(email_url)s">issue a new email '
                 'confirmation request</a>.'),
    gettext_noop("You cannot remove your primary email address (%(email)s)."),
    gettext_noop('The password reset link was invalid, possibly because it has already been used.  Please request a '
                 '<a href="%(passwd_reset_url)s">new password reset</a>.'),
    # The account e-mails (confirmation, reset, unknown address, address taken).
    gettext_noop("You're receiving this email because user %(user_display)s has given your email address to register "
                 "an account on %(site_domain)s."),
    gettext_noop("You're receiving this email because you or someone else has requested a password reset for your "
                 "user account.\nIt can be safely ignored if you did not request a password reset. Click the link "
                 "below to reset your password."),
    gettext_noop("In case you forgot, your username is %(username)s."),
    gettext_noop("You are receiving this email because you, or someone else, tried to access an account with email "
                 "%(email)s. However, we do not have any record of such an account in our database."),
    gettext_noop("If it was you, you can sign up for an account using the link below."),
    gettext_noop("You are receiving this email because you or someone else tried to signup for an\naccount using "
                 "email address:\n\n%(email)s\n\nHowever, an account using that email address already exists.  In "
                 "case you have\nforgotten about this, please use the password forgotten procedure to recover\nyour "
                 "account:\n\n%(password_reset_url)s"),
    gettext_noop("Hello from %(site_name)s!"),
    gettext_noop("Password Reset Email"),
]

# The admin's messages name a model by its verbose_name inside a sentence that Spanish genders ("El {name} … fue
# agregado": "El liga … fue agregado"). Tablero's Spanish says them without an article or a gendered participle, in
# vos, whatever the model.
ADMIN = [
    gettext_noop("The {name} “{obj}” was added successfully."),
    gettext_noop("The {name} “{obj}” was added successfully. You may add another {name} below."),
    gettext_noop("You may edit it again below."),
    gettext_noop("The {name} “{obj}” was changed successfully."),
    gettext_noop("The {name} “{obj}” was changed successfully. You may edit it again below."),
    gettext_noop("The {name} “{obj}” was changed successfully. You may add another {name} below."),
    gettext_noop("The %(name)s “%(obj)s” was deleted successfully."),
    gettext_noop("%(name)s with ID “%(key)s” doesn’t exist. Perhaps it was deleted?"),
    gettext_noop("Successfully deleted %(count)d %(items)s."),
    ngettext_lazy("%(count)s %(name)s was changed successfully.", "%(count)s %(name)s were changed successfully.",
                  "count"),
    gettext_noop("Delete selected %(verbose_name_plural)s"),
    gettext_noop("Add another %(verbose_name)s"),
    gettext_noop("Add %s"),
    gettext_noop("Add %(name)s"),
    gettext_noop("Add"),
    gettext_noop("Start typing to filter…"),
    gettext_noop("Select %s to change"),
    gettext_noop("Select %s to view"),
]
