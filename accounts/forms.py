from allauth.account.forms import LoginForm as AllauthLoginForm
from django import forms
from django.conf import settings
from django.utils.html import escape
from django.utils.text import capfirst
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from .models import User
from .push import KINDS


class SettingsForm(forms.ModelForm):
    # Always one of the languages: an account without a saved choice shows the one it is reading in.
    language = forms.ChoiceField(choices=settings.LANGUAGES)
    # The push notifications chosen by kind (accounts/push.py): shown together, beside this device's switch.
    PUSH_FIELDS = list(KINDS.values())

    class Meta:
        model = User
        fields = ["language", "first_name", "email_turns", *KINDS.values()]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not settings.WEB_PUSH:
            for name in self.PUSH_FIELDS:
                del self.fields[name]
        self.fields["language"].label = capfirst(User._meta.get_field("language").verbose_name)
        if not self.instance.language:
            self.initial["language"] = (get_language() or settings.LANGUAGE_CODE)[:2]
        # Turn e-mails go to the account's address: say which, or that there is none yet. (Forms render
        # help text unescaped.)
        if self.instance.email:
            self.fields["email_turns"].help_text = _("At most one a day per game, to %(email)s.") % {
                "email": escape(self.instance.email)}
        else:
            self.fields["email_turns"].help_text = _("Your account has no e-mail address yet: add one below to "
                                                     "get them.")

    def main_fields(self) -> list:
        return [field for field in self if field.name not in self.PUSH_FIELDS]

    def push_fields(self) -> list:
        return [field for field in self if field.name in self.PUSH_FIELDS]


class LoginForm(AllauthLoginForm):
    """allauth's log-in form, its first field labelled by what it takes: allauth labels it "Login" (Spanish
    "Iniciar sesión", the page's title, not a field)."""

    login_label = gettext_lazy("Username or e-mail")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["login"].label = self.login_label
        self.fields["login"].widget.attrs["placeholder"] = self.login_label
