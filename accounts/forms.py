from django import forms

from .models import User


class SettingsForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ["language", "first_name"]
