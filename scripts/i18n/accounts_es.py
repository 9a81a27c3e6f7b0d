"""Spanish (vos) for the account pages: django-allauth's and Django's strings listed in accounts/voice.py."""

ES = {
    "If you have not created an account yet, then please %(link)ssign up%(end_link)s first.":
        "Si todavía no tenés cuenta, primero %(link)sregistrate%(end_link)s.",
    "Already have an account? Then please %(link)ssign in%(end_link)s.":
        "¿Ya tenés cuenta? Entonces %(link)siniciá sesión%(end_link)s.",
    "Forgotten your password? Enter your email address below, and we'll send you an email allowing you to reset it.":
        "¿Te olvidaste la contraseña? Escribí tu correo y te mandamos un mensaje para que la cambies.",
    "Please contact us if you have any trouble resetting your password.":
        "Si tenés algún problema para cambiar la contraseña, escribinos.",
    "We have sent you an email. If you have not received it please check your spam folder. Otherwise contact us if "
    "you do not receive it in a few minutes.":
        "Te mandamos un correo. Si no lo ves, fijate en la carpeta de correo no deseado; si en unos minutos no "
        "llega, escribinos.",
    "Are you sure you want to sign out?": "¿Seguro que querés cerrar la sesión?",
    "You have signed out.": "Cerraste la sesión.",
    "Successfully signed in as %(name)s.": "Entraste como %(name)s.",
    "Please type your current password.": "Escribí tu contraseña actual.",
    "Too many failed login attempts. Try again later.": "Demasiados intentos fallidos. Probá de nuevo más tarde.",
    "Your password is now changed.": "Tu contraseña cambió.",
    "Your password has been changed.": "Tu contraseña cambió.",
    "Your password has been reset.": "Tu contraseña se restableció.",
    "Your password has been set.": "Tu contraseña quedó guardada.",
    "Your email has been confirmed.": "Tu correo quedó confirmado.",
    "You have confirmed %(email)s.": "Confirmaste %(email)s.",
    "Please Confirm Your Email Address": "Confirmá tu dirección de correo",
    "Your email address is still pending verification.": "Tu correo todavía no está verificado.",
    "The following email addresses are associated with your account:": "Estos correos están asociados a tu cuenta:",
    "Do you really want to remove the selected email address?": "¿Seguro que querés quitar el correo elegido?",
    "You cannot remove your primary email address.": "No podés quitar tu correo principal.",
    "Your old password was entered incorrectly. Please enter it again.":
        "La contraseña anterior no es correcta. Escribila de nuevo.",
    "Your password can’t be too similar to your other personal information.":
        "Tu contraseña no puede parecerse tanto a tus otros datos personales.",
    "Your password can’t be a commonly used password.": "Tu contraseña no puede ser una de las más usadas.",
    "Your password can’t be entirely numeric.": "Tu contraseña no puede tener solo números.",
    "Your password must contain at least %(min_length)d character.":
        ("Tu contraseña tiene que tener al menos %(min_length)d carácter.",
         "Tu contraseña tiene que tener al menos %(min_length)d caracteres."),
    "Remember Me": "Recordarme",
    "Forgot your password?": "¿Te olvidaste la contraseña?",
    "Forgot Password?": "¿Te olvidaste la contraseña?",
}
