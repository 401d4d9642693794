import type { Locale } from "./i18n";

/**
 * The words of the checkout-branding settings, apart from i18n.ts like i18n-team.ts.
 * Same rule: every key in both languages. `{…}` are filled by the caller.
 */
const en = {
  title: "Checkout branding",
  open: "Change the name, colour and logo",
  intro: "What your customers see on the payment page: your name, your logo and your colour on the pay button. It applies to the sandbox and live checkouts alike.",
  displayName: "Name shown to customers",
  displayNameHelp: "1 to 60 characters.",
  accentColor: "Accent colour (#RRGGBB)",
  accentHelp: "Used for the pay button, with white text on it: it needs a contrast of at least 4.5:1 with white (WCAG AA). A lighter colour is refused, and we suggest the nearest darker shade that passes.",
  currentContrast: "Contrast of white text on {colour}: {ratio}",
  logo: "Logo (PNG, JPEG or WebP, at most 200 KB)",
  logoHelp: "Shown at the top of the payment page, up to 40 px high. SVG files are not accepted: they can carry scripts. Leave empty to keep the current logo.",
  currentLogo: "Current logo",
  noLogo: "No logo yet: the page shows your name only.",
  removeLogo: "Remove the logo",
  preview: "Pay button preview",
  previewLabel: "Pay 5,000 FCFA",
  supportTitle: "Customer support contact",
  supportHelp: "Shown on every step of the payment page, so a customer with a question can reach you. Leave both empty to show none.",
  supportPhone: "Support phone number",
  supportPhoneHelp: "With its country code (+221…), or as dialled in your country.",
  supportEmail: "Support e-mail address",
  save: "Save branding",
  saved: "Saved. New checkouts and open ones show it at their next refresh.",
  summary: "Please correct the highlighted fields.",
  errors: {
    displayName: "Enter the name customers see, 1 to 60 characters.",
    supportPhone: "Enter a phone number with its country code, such as +221 77 000 00 12.",
    supportEmail: "Enter a valid e-mail address, such as support@boutique.sn.",
    accentFormat: "Enter a colour as # and 6 hexadecimal digits, such as #0B5FFF.",
    accentContrast: "{colour} is too light for white text: contrast {ratio}, at least 4.5:1 needed. Refused; the nearest darker shade that passes is {suggestion}.",
    logo: {
      empty: "The file is empty.",
      too_big: "The logo is larger than 200 KB. Export it smaller (a logo 400 px wide is plenty).",
      svg: "SVG files are not accepted (they can carry scripts). Upload a PNG, JPEG or WebP.",
      not_image: "This file is not a PNG, JPEG or WebP image (whatever its name says).",
      unreadable: "This image's header cannot be read. Export it again as PNG, JPEG or WebP.",
      too_large_image: "The image is more than 2048 pixels wide or high. Export it smaller.",
    } as Record<string, string>,
  },
};

export type BrandingMessages = typeof en;

const fr: BrandingMessages = {
  title: "Habillage de la page de paiement",
  open: "Modifier le nom, la couleur et le logo",
  intro: "Ce que vos clients voient sur la page de paiement : votre nom, votre logo et votre couleur sur le bouton de paiement. Il s’applique aux pages de paiement sandbox et live.",
  displayName: "Nom affiché aux clients",
  displayNameHelp: "1 à 60 caractères.",
  accentColor: "Couleur d’accent (#RRVVBB)",
  accentHelp: "Utilisée pour le bouton de paiement, avec un texte blanc : il lui faut un contraste d’au moins 4,5:1 avec le blanc (WCAG AA). Une couleur plus claire est refusée, et nous proposons la nuance plus foncée la plus proche qui convient.",
  currentContrast: "Contraste du texte blanc sur {colour} : {ratio}",
  logo: "Logo (PNG, JPEG ou WebP, 200 Ko au plus)",
  logoHelp: "Affiché en haut de la page de paiement, jusqu’à 40 px de haut. Les fichiers SVG ne sont pas acceptés : ils peuvent contenir des scripts. Laissez vide pour garder le logo actuel.",
  currentLogo: "Logo actuel",
  noLogo: "Pas encore de logo : la page affiche seulement votre nom.",
  removeLogo: "Retirer le logo",
  preview: "Aperçu du bouton de paiement",
  previewLabel: "Payer 5 000 FCFA",
  supportTitle: "Contact du service client",
  supportHelp: "Affiché à chaque étape de la page de paiement, pour qu’un client qui a une question puisse vous joindre. Laissez les deux vides pour n’en afficher aucun.",
  supportPhone: "Téléphone du service client",
  supportPhoneHelp: "Avec l’indicatif du pays (+221…), ou tel qu’on le compose dans votre pays.",
  supportEmail: "E-mail du service client",
  save: "Enregistrer l’habillage",
  saved: "Enregistré. Les nouvelles pages de paiement et celles ouvertes l’affichent à leur prochaine mise à jour.",
  summary: "Corrigez les champs signalés.",
  errors: {
    displayName: "Indiquez le nom que voient les clients, de 1 à 60 caractères.",
    supportPhone: "Indiquez un numéro avec l’indicatif du pays, par exemple +221 77 000 00 12.",
    supportEmail: "Indiquez une adresse e-mail valide, par exemple support@boutique.sn.",
    accentFormat: "Indiquez une couleur sous la forme # suivi de 6 chiffres hexadécimaux, par exemple #0B5FFF.",
    accentContrast: "{colour} est trop claire pour un texte blanc : contraste {ratio}, il faut au moins 4,5:1. Refusée ; la nuance plus foncée la plus proche qui convient est {suggestion}.",
    logo: {
      empty: "Le fichier est vide.",
      too_big: "Le logo dépasse 200 Ko. Exportez-le plus petit (un logo de 400 px de large suffit).",
      svg: "Les fichiers SVG ne sont pas acceptés (ils peuvent contenir des scripts). Envoyez un PNG, un JPEG ou un WebP.",
      not_image: "Ce fichier n’est pas une image PNG, JPEG ou WebP (quel que soit son nom).",
      unreadable: "L’en-tête de cette image est illisible. Exportez-la à nouveau en PNG, JPEG ou WebP.",
      too_large_image: "L’image dépasse 2048 pixels de large ou de haut. Exportez-la plus petite.",
    },
  },
};

export function brandingMessages(locale: Locale): BrandingMessages {
  return locale === "fr" ? fr : en;
}
