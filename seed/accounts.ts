/**
 * The fixed facts of the demo data set (design §5) that tests, e2e flows and the README rely on.
 * seed/generate.ts builds the rows from these; import them instead of repeating literals.
 */

export const DEMO_PASSWORD = "Demo2026!";

/**
 * The activation link token of 400000001 (32 bytes, base64url). The database stores only
 * base64url(SHA-256(UTF-8 bytes of this string)) in action_tokens.id, as for real tokens.
 */
export const DEMO_ACTIVATION_TOKEN = "8Jxh86lLoJP50hP9Yrzz7w_IBUVOR_Hdll7I3wYuqj8";

/**
 * The myDATA MARK of the household's (100000003) newest bill of its main supply, a Clearance
 * (seed/invoices.ts demoMark): its public verification page is /e-invoice/400000000594038.
 */
export const DEMO_E_INVOICE_MARK = "400000000594038";

export const DEMO = {
  /** Household customer: main electricity (readings open), gas, a stopped meter; 36 months of bills. */
  household: {
    vat: "100000003",
    customerId: 1,
    userId: 1,
    name: "Γεώργιος Παπαδόπουλος",
    email: "giorgos.papadopoulos@example.gr",
    phone: "6944123456",
    mainMeterId: 1,
    gasMeterId: 2,
    stoppedMeterId: 3,
    mainPerCode: "112345678",
  },
  /** Legal person with 60 supplies (electricity and gas), skin 2. */
  company: {
    vat: "200000006",
    customerId: 2,
    userId: 2,
    name: "ΑΛΦΑ ΕΝΕΡΓΕΙΑΚΗ Α.Ε.",
    employeeName: "Μαρία Κωνσταντίνου",
    email: "m.konstantinou@alfa-energeiaki.example.gr",
    phone: "6977345678",
    firstMeterId: 101,
    meterCount: 60,
  },
  /** Legal person with 200 supplies (scale test), skin 3. */
  largeCompany: {
    vat: "210000002",
    customerId: 3,
    userId: 3,
    name: "ΒΗΤΑ ΑΛΥΣΙΔΑ ΚΑΤΑΣΤΗΜΑΤΩΝ Α.Ε.",
    employeeName: "Νικόλαος Γεωργίου",
    email: "energy@vita-alysida.example.gr",
    phone: "6978456789",
    firstMeterId: 1001,
    meterCount: 200,
    /**
     * The other people of the account (#18; seed/people.ts). The holder (userId 3) is its master.
     * Both sign in with their email and Demo2026!. The user's five supplies are among the admin's
     * twenty; the reading window of 1002 is open, so the user can send a reading.
     */
    people: {
      admin: {
        userId: 11,
        email: "admin@beta.example",
        name: "Ελένη Σταύρου",
        welcomeName: "Ελένη",
        phone: "6978400011",
        meterIds: Array.from({ length: 20 }, (_, i) => 1001 + i),
      },
      user: {
        userId: 12,
        email: "user@beta.example",
        name: "Κώστας Δημητρίου",
        welcomeName: "Κώστας",
        phone: "6978400012",
        meterIds: [1001, 1002, 1003, 1004, 1005],
      },
      /** The supply whose reading window the seed opens (one of the user's). */
      openReadingMeterId: 1002,
    },
  },
  /**
   * Legal person with 1,000 supplies (every query over a customer's supplies must work at
   * this size: D1 binds at most 100 parameters a statement), skin 2. Added last, so the ids of
   * everything above stay as they were.
   */
  hugeCompany: {
    vat: "220000009",
    customerId: 10,
    userId: 10,
    name: "ΔΕΛΤΑ ΛΙΑΝΙΚΗ Α.Ε.",
    employeeName: "Αναστασία Παππά",
    email: "energeia@delta-lianiki.example.gr",
    phone: "6979567890",
    firstMeterId: 20001,
    meterCount: 1000,
  },
  /** Applicant still onboarding: intermediate meters only. */
  applicant: {
    vat: "300000009",
    customerId: 4,
    userId: 4,
    name: "Ελένη Νικολάου",
    email: "eleni.nikolaou@example.gr",
    phone: "6945234567",
    firstMeterId: 301,
    /** In meter id order, starting at firstMeterId. */
    meterStatuses: [
      "OpenUnchecked",
      "OpenChecked",
      "ThallisConfirmed",
      "OpenPending",
      "ThallisRejected",
    ],
  },
  /** Registered, not activated: the activation email is in the outbox. */
  unactivated: {
    vat: "400000001",
    customerId: 5,
    userId: 5,
    name: "Δημήτριος Αλεξίου",
    email: "dimitris.alexiou@example.gr",
    phone: "6946345678",
    meterId: 401,
    activationPath: `/activate/${DEMO_ACTIVATION_TOKEN}`,
  },
  /** Former customer: Inactive and Terminated meters only. */
  former: {
    vat: "500000004",
    customerId: 6,
    userId: 6,
    name: "Αικατερίνη Βλάχου",
    email: "katerina.vlachou@example.gr",
    phone: "6947456789",
    firstMeterId: 501,
  },
  /** First login: settings dialog opens, and a user popup. */
  firstLogin: {
    vat: "600000007",
    customerId: 7,
    userId: 7,
    name: "Κωνσταντίνος Ιωάννου",
    email: "kostas.ioannou@example.gr",
    phone: "6948567890",
    meterId: 601,
  },
  /** Billing customer with no portal account: signs up with this supply number and phone. */
  signupPerson: {
    vat: "800000002",
    customerId: 8,
    name: "Σοφία Μακρή",
    phone: "6912345678",
    meterId: 801,
    perCode: "198765432",
  },
  /** Legal person with no portal account: sign-up also needs the authorised employee's name. */
  signupCompany: {
    vat: "900000005",
    customerId: 9,
    name: "ΓΑΜΜΑ ΤΕΧΝΙΚΗ Ε.Π.Ε.",
    employeeName: "Ιωάννης Σταθόπουλος",
    phone: "6913456789",
    meterId: 901,
    perCode: "187654321",
  },
} as const;

/** Greek VAT (ΑΦΜ) check: 9 digits, sum of d_i * 2^(8-i) for i = 0..7, mod 11, mod 10 equals d_8. */
export function isValidVat(vat: string): boolean {
  if (!/^\d{9}$/.test(vat) || vat === "000000000") return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(vat[i]) * 2 ** (8 - i);
  return (sum % 11) % 10 === Number(vat[8]);
}
