import type { Lang } from "../types";
import type { RequestKind } from "../../core/requests/rules";

/**
 * The confirmation put in the customer's messages (type confirm, category requests), in both
 * languages (`title`/`content` Greek, `title_en`/`content_en` English: migration 0021). `{ref}` is replaced by the reference inside the database (see routes.ts); `{product}` by a tariff
 * switch's product as bills print its name.
 */
export const CONFIRMATION: Record<Lang, Record<RequestKind, { title: string; content: string }>> = {
  el: {
    name_change: {
      title: "Λάβαμε το αίτημα αλλαγής ονόματος",
      content:
        "Το αίτημά σας για αλλαγή ονόματος στην παροχή {supply} καταχωρίστηκε με αριθμό {ref}. Θα σας ενημερώσουμε για την πορεία του. Μπορείτε να το δείτε στην ενότητα «Υποβολή αιτήματος».",
    },
    cancellation: {
      title: "Λάβαμε το αίτημα διακοπής παροχής",
      content:
        "Το αίτημά σας για διακοπή της παροχής {supply} καταχωρίστηκε με αριθμό {ref}. Θα σας ενημερώσουμε για την πορεία του. Μπορείτε να το δείτε στην ενότητα «Υποβολή αιτήματος».",
    },
    tariff_switch: {
      title: "Λάβαμε το αίτημα αλλαγής τιμολογίου",
      content:
        "Το αίτημά σας για αλλαγή της παροχής {supply} στο τιμολόγιο «{product}» καταχωρίστηκε με αριθμό {ref}. Μόλις εγκριθεί, το νέο τιμολόγιο ισχύει από την επόμενη περίοδο χρέωσης. Μπορείτε να το δείτε στην ενότητα «Υποβολή αιτήματος».",
    },
  },
  en: {
    name_change: {
      title: "We received your name-change request",
      content:
        "Your request to change the name on supply {supply} was registered with number {ref}. We will keep you informed of its progress. You can follow it under “Submit request”.",
    },
    cancellation: {
      title: "We received your supply-cancellation request",
      content:
        "Your request to cancel supply {supply} was registered with number {ref}. We will keep you informed of its progress. You can follow it under “Submit request”.",
    },
    tariff_switch: {
      title: "We received your tariff-switch request",
      content:
        "Your request to move supply {supply} to the tariff “{product}” was registered with number {ref}. Once approved, the new tariff applies from the next billing period. You can follow it under “Submit request”.",
    },
  },
};
