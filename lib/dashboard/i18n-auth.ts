import type { Locale } from "./i18n";

/** Sign-in additions: "Forgot password?", the reset link's pages and e-mail, the password rule said before typing. */
const en = {
  forgotLink: "Forgot password?",
  passwordRule: "At least 10 characters. Not a common password, and not built on your e-mail address or business name.",
  forgot: {
    title: "Reset your password",
    intro: "Enter the e-mail address you log in with. If it has an account, we send it a link to choose a new password.",
    email: "Email",
    submit: "Send the link",
    sent: "If {email} has an account, a link to reset its password is on its way. It works once, for {minutes} minutes.",
    invalidEmail: "Enter a valid e-mail address, such as awa@boutique.sn.",
    rateLimited: "Too many requests from your network. Wait a minute and try again.",
    back: "Back to log in",
  },
  reset: {
    title: "Choose a new password",
    intro: "For {email}. Every session of this account is logged out once it is changed.",
    password: "New password",
    confirm: "New password again",
    submit: "Change my password",
    mismatch: "The two passwords are not the same.",
    invalid: "This link is not valid. Copy the whole link from the e-mail, or ask for a new one.",
    expired: "This link has expired. Ask for a new one.",
    used: "This link has already been used. Ask for a new one if you need to.",
    askAgain: "Ask for a new link",
    done: "Your password has been changed and every session logged out. Log in with the new one.",
  },
  email: {
    subject: "Reset your dashboard password",
    body: "Someone (we hope you) asked to reset the password of your dashboard account. Choose a new one here (the link works once, for {minutes} minutes):\n\n{link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.",
  },
};

export type AuthMessages = typeof en;

const fr: AuthMessages = {
  forgotLink: "Mot de passe oublié ?",
  passwordRule: "Au moins 10 caractères. Pas un mot de passe courant, ni construit sur votre adresse e-mail ou le nom de votre entreprise.",
  forgot: {
    title: "Réinitialiser votre mot de passe",
    intro: "Indiquez l’adresse e-mail avec laquelle vous vous connectez. Si elle a un compte, nous lui envoyons un lien pour choisir un nouveau mot de passe.",
    email: "E-mail",
    submit: "Envoyer le lien",
    sent: "Si {email} a un compte, un lien pour réinitialiser son mot de passe est en route. Il ne sert qu’une fois, pendant {minutes} minutes.",
    invalidEmail: "Indiquez une adresse e-mail valide, par exemple awa@boutique.sn.",
    rateLimited: "Trop de demandes depuis votre réseau. Patientez une minute puis réessayez.",
    back: "Retour à la connexion",
  },
  reset: {
    title: "Choisissez un nouveau mot de passe",
    intro: "Pour {email}. Toutes les sessions de ce compte sont déconnectées une fois le mot de passe changé.",
    password: "Nouveau mot de passe",
    confirm: "Nouveau mot de passe, à nouveau",
    submit: "Changer mon mot de passe",
    mismatch: "Les deux mots de passe ne sont pas identiques.",
    invalid: "Ce lien n’est pas valide. Copiez le lien entier depuis l’e-mail, ou demandez-en un nouveau.",
    expired: "Ce lien a expiré. Demandez-en un nouveau.",
    used: "Ce lien a déjà été utilisé. Demandez-en un nouveau si besoin.",
    askAgain: "Demander un nouveau lien",
    done: "Votre mot de passe a été changé et toutes les sessions déconnectées. Connectez-vous avec le nouveau.",
  },
  email: {
    subject: "Réinitialisez le mot de passe de votre tableau de bord",
    body: "Quelqu’un (vous, nous l’espérons) a demandé à réinitialiser le mot de passe de votre compte. Choisissez-en un nouveau ici (le lien ne sert qu’une fois, pendant {minutes} minutes) :\n\n{link}\n\nSi ce n’était pas vous, ignorez cet e-mail : votre mot de passe reste le même.",
  },
};

export function authMessages(locale: Locale): AuthMessages {
  return locale === "fr" ? fr : en;
}
