import { describe, expect, it } from "vitest";
import {
  cancellationFormSchema,
  chosenFile,
  defaultSupply,
  formatFileSize,
  nameChangeFormSchema,
  statusTone,
  submitFailure,
  supplyChoices,
  textFields,
} from "./requests";
import {
  checkFile,
  cleanFileName,
  REFERENCE_PATTERN,
  REQUEST_FILE_MAX_BYTES,
  requestBlocker,
  requestReference,
  sniffFile,
} from "../../core/requests/rules";

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new TextEncoder().encode(text);

const PDF = ascii("%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n");
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);

describe("sniffFile: the type comes from the bytes", () => {
  it("knows PDF, JPEG and PNG", () => {
    expect(sniffFile(PDF)).toBe("pdf");
    expect(sniffFile(JPEG)).toBe("jpeg");
    expect(sniffFile(PNG)).toBe("png");
  });

  it("refuses renamed executables, HTML, SVG, GIF and text", () => {
    expect(sniffFile(ascii("MZ\x90\x00\x03\x00\x00\x00"))).toBeNull(); // a Windows .exe
    expect(sniffFile(ascii("<!DOCTYPE html><html><script>alert(1)</script>"))).toBeNull();
    expect(
      sniffFile(ascii('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
    ).toBeNull();
    expect(sniffFile(ascii("GIF89a\x01\x00"))).toBeNull();
    expect(sniffFile(ascii("just some text"))).toBeNull();
  });

  it("needs the whole signature", () => {
    expect(sniffFile(ascii("%PDF"))).toBeNull();
    expect(sniffFile(ascii(" %PDF-1.4"))).toBeNull();
    expect(sniffFile(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffFile(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(sniffFile(bytes())).toBeNull();
  });
});

describe("checkFile", () => {
  it("accepts a small PDF", () => {
    expect(checkFile(PDF)).toEqual({ ok: true, kind: "pdf" });
  });
  it("refuses an empty file as missing", () => {
    expect(checkFile(bytes())).toEqual({ ok: false, problem: "required" });
  });
  it("allows exactly 5 MB and refuses one byte more", () => {
    const limit = new Uint8Array(REQUEST_FILE_MAX_BYTES);
    limit.set(PDF);
    expect(checkFile(limit)).toEqual({ ok: true, kind: "pdf" });
    const over = new Uint8Array(REQUEST_FILE_MAX_BYTES + 1);
    over.set(PDF);
    expect(checkFile(over)).toEqual({ ok: false, problem: "size" });
  });
  it("refuses a wrong type", () => {
    expect(checkFile(ascii("<html></html>"))).toEqual({ ok: false, problem: "type" });
  });
});

describe("cleanFileName", () => {
  it("keeps the name, gives the real type's extension", () => {
    expect(cleanFileName("βεβαίωση.pdf", "pdf")).toBe("βεβαίωση.pdf");
    expect(cleanFileName("scan.exe", "png")).toBe("scan.png");
    expect(cleanFileName("photo.JPEG", "jpeg")).toBe("photo.jpg");
  });
  it("drops paths, quotes and control characters", () => {
    expect(cleanFileName("C:\\Users\\me\\form.pdf", "pdf")).toBe("form.pdf");
    expect(cleanFileName("../../etc/passwd", "pdf")).toBe("passwd.pdf");
    expect(cleanFileName('a"b\r\nc;<d>.pdf', "pdf")).toBe("abcd.pdf");
  });
  it("names a nameless file and caps long names", () => {
    expect(cleanFileName("", "pdf")).toBe("file.pdf");
    expect(cleanFileName(".pdf", "pdf")).toBe("file.pdf");
    expect(cleanFileName(`${"x".repeat(300)}.pdf`, "pdf")).toHaveLength(94);
  });
});

describe("requestReference", () => {
  it("is REQ-year-six digits, and matches the pattern", () => {
    expect(requestReference(123, 2026)).toBe("REQ-2026-000123");
    expect(requestReference(1234567, 2026)).toBe("REQ-2026-1234567");
    expect(REFERENCE_PATTERN.test(requestReference(5, 2027))).toBe(true);
    expect(REFERENCE_PATTERN.test("C-2026-000001")).toBe(false);
  });
});

describe("requestBlocker: who may ask for what", () => {
  const active = { id: 1, status: "Active" };
  const stopped = { id: 2, status: "Stopped" };
  const onboarding = { id: 3, status: "OpenPending" };

  it("cancellation: only an Active supply", () => {
    expect(requestBlocker("cancellation", active, [])).toBeNull();
    expect(requestBlocker("cancellation", stopped, [])).toBe("not_active");
    expect(requestBlocker("cancellation", onboarding, [])).toBe("not_active");
  });

  it("name change: an Active or Stopped supply", () => {
    expect(requestBlocker("name_change", active, [])).toBeNull();
    expect(requestBlocker("name_change", stopped, [])).toBeNull();
    expect(requestBlocker("name_change", onboarding, [])).toBe("not_normal");
  });

  it("one open request per kind and supply; closed ones do not count", () => {
    const open = [{ meter_id: 1, kind: "cancellation", status: "submitted" }];
    expect(requestBlocker("cancellation", active, open)).toBe("open_cancellation");
    expect(
      requestBlocker("cancellation", active, [
        { meter_id: 1, kind: "cancellation", status: "in_review" },
      ]),
    ).toBe("open_cancellation");
    expect(
      requestBlocker("name_change", active, [
        { meter_id: 1, kind: "name_change", status: "submitted" },
      ]),
    ).toBe("open_name_change");
    // Another kind, another supply, or a finished request: no block.
    expect(requestBlocker("name_change", active, open)).toBeNull();
    expect(requestBlocker("cancellation", { id: 9, status: "Active" }, open)).toBeNull();
    for (const status of ["completed", "rejected"]) {
      expect(
        requestBlocker("cancellation", active, [{ meter_id: 1, kind: "cancellation", status }]),
      ).toBeNull();
    }
  });
});

describe("supplyChoices and defaultSupply", () => {
  const meters = [
    { id: 1, status: "Active" },
    { id: 2, status: "Stopped" },
    { id: 3, status: "OpenChecked" },
    { id: 4, status: "Active" },
  ];
  const requests = [{ meter_id: 1, kind: "cancellation" as const, status: "submitted" as const }];

  it("lists Active and Stopped supplies with the reason each is blocked", () => {
    expect(supplyChoices("cancellation", meters, requests)).toEqual([
      { id: 1, status: "Active", blocker: "open_cancellation" },
      { id: 2, status: "Stopped", blocker: "not_active" },
      { id: 4, status: "Active", blocker: null },
    ]);
    expect(supplyChoices("name_change", meters, requests).map((c) => c.blocker)).toEqual([
      null,
      null,
      null,
    ]);
  });

  it("prefers the asked-for supply, then the selected one, then the first allowed", () => {
    const choices = supplyChoices("cancellation", meters, requests);
    expect(defaultSupply(choices, 4, 1)).toBe(4);
    expect(defaultSupply(choices, 1, 4)).toBe(4); // 1 is blocked
    expect(defaultSupply(choices, null, 2)).toBe(4);
    expect(defaultSupply(choices, 999)).toBe(4);
    expect(defaultSupply(supplyChoices("cancellation", [meters[1]!], []), 2)).toBeNull();
  });
});

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
};

const validNameChange = {
  meter_id: "1",
  vat: "094019245",
  tax_office: "Α' Αθηνών",
  bill_street: "Πατησίων",
  bill_street_no: "12",
  bill_postal_code: "11257",
  bill_city: "Αθήνα",
  contact_person: "Μαρία Παππά",
  contact_phone: "6944123456",
  reason: "Νέος μισθωτής",
};

const firstMessages = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
  );

describe("nameChangeFormSchema", () => {
  it("accepts a complete form, trimmed, without a file id", () => {
    const result = nameChangeFormSchema.safeParse({ ...validNameChange, tax_office: "  ΔΟΥ  " });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ meter_id: 1, tax_office: "ΔΟΥ" });
  });

  it("names each wrong field with its message", () => {
    const result = nameChangeFormSchema.safeParse({
      ...validNameChange,
      vat: "123456789",
      bill_postal_code: "1125",
      contact_phone: "2101234567",
      reason: "   ",
      tax_office: "x".repeat(81),
    });
    expect(firstMessages(result)).toEqual({
      vat: "validate.vat",
      bill_postal_code: "requests:errors.postalCode",
      contact_phone: "validate.phoneNumber",
      reason: "validate.require",
      tax_office: "requests:errors.tooLong",
    });
  });

  it("requires every field", () => {
    const result = nameChangeFormSchema.safeParse({});
    expect(Object.values(firstMessages(result)).every((m) => m === "validate.require")).toBe(true);
    expect(Object.keys(firstMessages(result)).sort()).toEqual(Object.keys(validNameChange).sort());
  });

  it("accepts only a well-formed file id", () => {
    expect(
      nameChangeFormSchema.safeParse({ ...validNameChange, file_id: "a".repeat(22) }).success,
    ).toBe(true);
    expect(nameChangeFormSchema.safeParse({ ...validNameChange, file_id: "../x" }).success).toBe(
      false,
    );
  });
});

describe("cancellationFormSchema", () => {
  it("takes a listed reason; comments are optional", () => {
    const ok = cancellationFormSchema.safeParse({ meter_id: "4", reason: "moving", comments: "" });
    expect(ok.success).toBe(true);
    expect(ok.data?.comments).toBeUndefined();
  });
  it("refuses an unlisted reason and a missing supply", () => {
    expect(firstMessages(cancellationFormSchema.safeParse({ reason: "boredom" }))).toEqual({
      meter_id: "validate.require",
      reason: "validate.require",
    });
  });
  it("caps comments", () => {
    expect(
      firstMessages(
        cancellationFormSchema.safeParse({
          meter_id: "1",
          reason: "other",
          comments: "x".repeat(2001),
        }),
      ),
    ).toEqual({ comments: "requests:errors.tooLong" });
  });
});

describe("form data helpers", () => {
  it("textFields keeps strings and drops files", () => {
    const data = form({ a: "1" });
    data.append("file", new File([PDF], "x.pdf"));
    const text = textFields(data);
    expect([...text.keys()]).toEqual(["a"]);
  });
  it("chosenFile: an empty file part is no choice", () => {
    expect(chosenFile(null)).toBeNull();
    expect(chosenFile("text")).toBeNull();
    expect(chosenFile(new File([], ""))).toBeNull();
    const file = new File([PDF], "a.pdf");
    expect(chosenFile(file)).toBe(file);
    // A chosen but empty file is still a choice: the API then says it is missing.
    expect(chosenFile(new File([], "empty.pdf"))).not.toBeNull();
  });
});

describe("submitFailure: API refusals shown on the form", () => {
  it("puts rule refusals on the supply", () => {
    expect(
      submitFailure({ code: "request_already_open", message: "open_cancellation", status: 400 }),
    ).toEqual({ field: "meter_id", message: "requests:errors.rule.open_cancellation" });
    expect(
      submitFailure({ code: "request_not_allowed", message: "not_active", status: 400 }),
    ).toEqual({
      field: "meter_id",
      message: "requests:errors.rule.not_active",
    });
  });
  it("keeps field validation, asks again for a vanished file", () => {
    expect(
      submitFailure({ code: "validation", field: "vat", message: "validate.vat", status: 400 }),
    ).toEqual({ field: "vat", message: "validate.vat" });
    expect(
      submitFailure({
        code: "validation",
        field: "file_id",
        message: "validate.require",
        status: 400,
      }),
    ).toEqual({ field: "file", message: "requests:errors.file.expired" });
  });
  it("anything else is a form error", () => {
    expect(submitFailure({ code: "not_found", status: 404 })).toEqual({
      form: "requests:errors.notFound",
    });
    expect(submitFailure({ code: "error", status: 500 })).toEqual({
      form: "requests:errors.failed",
    });
  });
});

describe("presentation", () => {
  it("formats sizes with a decimal comma", () => {
    expect(formatFileSize(300)).toBe("1 KB");
    expect(formatFileSize(350 * 1024)).toBe("350 KB");
    expect(formatFileSize(1.25 * 1024 * 1024)).toBe("1,3 MB");
  });
  it("gives each status a tone", () => {
    expect(statusTone("submitted")).toBe("");
    expect(statusTone("in_review")).toBe("warning");
    expect(statusTone("completed")).toBe("success");
    expect(statusTone("rejected")).toBe("danger");
  });
});
