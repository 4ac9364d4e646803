import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  allOn,
  applyAll,
  avatarFileError,
  draftFromPayload,
  parseStep,
  passwordChangeSchema,
  saveFailureKey,
  settingsSchema,
  step1Schema,
  stepOfErrors,
  toggleAllInDraft,
  toSettingsPayload,
  type SettingsView,
  type SupplySetting,
} from "./settings";

const supply = (over: Partial<SupplySetting>): SupplySetting => ({
  meterId: 1,
  kind: "electricity",
  address: "A",
  supplyNumber: "1",
  editable: true,
  ebill: false,
  email: "",
  sms: false,
  phone: "",
  ...over,
});

const view: SettingsView = {
  userId: 7,
  afm: "600000007",
  email: "me@example.gr",
  phone: "6948567890",
  indicationEmail: false,
  indicationSms: false,
  skin: 1,
  lang: "el",
  mainMeterId: 1,
  avatarSrc: null,
  supplies: [
    supply({ meterId: 1, ebill: true, email: "a@example.gr" }),
    supply({ meterId: 2 }),
    supply({ meterId: 3, editable: false, sms: true, phone: "6911111111" }),
  ],
  manageSupplies: true,
  chooseMain: true,
  trustedCopiesFor: null,
};

function form(entries: Record<string, string | File | (string | File)[]>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) {
    for (const item of Array.isArray(v) ? v : [v]) fd.append(k, item);
  }
  return fd;
}

const base = {
  email: "me@example.gr",
  phone: "6948567890",
  "supplies[0].meter_id": "1",
  "supplies[1].meter_id": "2",
  main_meter_id: "1",
  nrg_skin: "1",
  lang: "el",
};
function errorsOf(
  fd: FormData,
  schema: z.ZodType = settingsSchema({ email: view.email, phone: view.phone }),
): Record<string, string[] | null> {
  const s = parseWithZod(fd, { schema });
  return (s.status === "success" ? {} : s.error) ?? {};
}

describe("step and field validation (spec §5)", () => {
  it("accepts the saved values", () => {
    expect(errorsOf(form(base))).toEqual({});
  });
  it("email is required and must be valid", () => {
    expect(errorsOf(form({ ...base, email: "" })).email).toEqual(["validate.require"]);
    expect(errorsOf(form({ ...base, email: "nope" })).email).toEqual(["validate.notValidEmail"]);
  });
  it("phone is optional, else 10 digits starting 69", () => {
    const s = settingsSchema({ email: view.email, phone: "" });
    expect(errorsOf(form({ ...base, phone: "" }), s)).toEqual({});
    for (const bad of ["6912", "2101234567", "69123456789", "69a2345678"]) {
      expect(errorsOf(form({ ...base, phone: bad }), s).phone).toEqual(["validate.phoneNumber"]);
    }
  });
  it("a supply's e-bill email is required and valid when the e-bill is on", () => {
    expect(errorsOf(form({ ...base, "supplies[1].ebill": "on" }))["supplies[1].email"]).toEqual([
      "validate.require",
    ]);
    expect(
      errorsOf(form({ ...base, "supplies[1].ebill": "on", "supplies[1].email": "x@" }))[
        "supplies[1].email"
      ],
    ).toEqual(["validate.notValidEmail"]);
    expect(errorsOf(form({ ...base, "supplies[1].email": "x@" }))).toEqual({});
  });
  it("a supply's SMS phone is required and valid when the SMS bill is on", () => {
    expect(errorsOf(form({ ...base, "supplies[1].sms": "on" }))["supplies[1].phone"]).toEqual([
      "validate.require",
    ]);
    expect(
      errorsOf(form({ ...base, "supplies[1].sms": "on", "supplies[1].phone": "2101234567" }))[
        "supplies[1].phone"
      ],
    ).toEqual(["validate.phoneNumber"]);
  });
  it("changing email or phone asks for the current password", () => {
    expect(errorsOf(form({ ...base, email: "new@example.gr" })).current_password).toEqual([
      "settings:settingsModal.passwordForContact",
    ]);
    expect(errorsOf(form({ ...base, phone: "6900000000" })).current_password).toBeDefined();
    expect(errorsOf(form({ ...base, email: "ME@example.gr" }))).toEqual({});
    expect(errorsOf(form({ ...base, email: "new@example.gr", current_password: "x" }))).toEqual({});
  });
  it("skin must be 1, 2 or 3 and language el or en", () => {
    expect(errorsOf(form({ ...base, nrg_skin: "4" })).nrg_skin).toBeDefined();
    expect(errorsOf(form({ ...base, lang: "de" })).lang).toBeDefined();
  });
  it("step 1 alone ignores step 2 fields", () => {
    expect(errorsOf(form({ email: "me@example.gr" }), step1Schema())).toEqual({});
    expect(errorsOf(form({ email: "" }), step1Schema()).email).toEqual(["validate.require"]);
  });
  it("avatar: JPG/PNG, under 1 MB, one file", () => {
    const png = new File([new Uint8Array(10)], "me.png", { type: "image/png" });
    const svg = new File(["<svg/>"], "me.svg", { type: "image/svg+xml" });
    const big = new File([new Uint8Array(1024 * 1024)], "big.jpg", { type: "image/jpeg" });
    expect(errorsOf(form({ ...base, avatar: png }))).toEqual({});
    expect(errorsOf(form({ ...base, avatar: svg })).avatar).toEqual([
      "settings:settingsModal.fileErrorFormt",
    ]);
    expect(errorsOf(form({ ...base, avatar: big })).avatar).toEqual([
      "settings:settingsModal.fileErrorSize",
    ]);
    expect(errorsOf(form({ ...base, avatar: [png, png] })).avatar).toEqual([
      "settings:settingsModal.fileErrorCount",
    ]);
    expect(avatarFileError({ name: "x.jpeg", type: "", size: 1024 * 1024 - 1 })).toBeNull();
  });
  it("the step of a failed save is the step of its first bad field", () => {
    expect(stepOfErrors(["supplies[1].email"])).toBe(1);
    expect(stepOfErrors(["email", "avatar"])).toBe(1);
    expect(stepOfErrors(["avatar", "current_password"])).toBe(2);
    expect(parseStep("2")).toBe(2);
    expect(parseStep("x")).toBe(1);
  });
});

describe("change password (spec §5)", () => {
  const errors = (v: Record<string, string>) => errorsOf(form(v), passwordChangeSchema);
  it("rules, confirmation, different from the old one", () => {
    expect(
      errors({
        old_password: "Demo2026!",
        password: "Newpass12",
        password_confirmation: "Newpass12",
      }),
    ).toEqual({});
    expect(
      errors({ old_password: "a", password: "short1A", password_confirmation: "short1A" }).password,
    ).toEqual(["validate.passwordRules"]);
    expect(
      errors({ old_password: "a", password: "Newpass12", password_confirmation: "Newpass13" })
        .password_confirmation,
    ).toEqual(["validate.passwordsMatch"]);
    expect(
      errors({
        old_password: "Demo2026!",
        password: "Demo2026!",
        password_confirmation: "Demo2026!",
      }).password,
    ).toEqual(["settings:settingsModal.passwordSameAsOld"]);
    expect(
      errors({ password: "Newpass12", password_confirmation: "Newpass12" }).old_password,
    ).toEqual(["validate.require"]);
  });
});

describe("all-email / all-SMS switches (spec §5)", () => {
  it("reflects whether every editable supply is on", () => {
    expect(allOn(view.supplies, "email")).toBe(false);
    expect(
      allOn(
        view.supplies.map((s) => ({ ...s, ebill: s.editable ? true : s.ebill })),
        "email",
      ),
    ).toBe(true);
    // The locked supply's SMS is on, the others are off.
    expect(allOn(view.supplies, "sms")).toBe(false);
    expect(allOn([], "email")).toBe(false);
    expect(allOn([supply({ editable: false, ebill: true })], "email")).toBe(true);
  });
  it("applies only to editable supplies and fills the main email or phone where empty", () => {
    const on = applyAll(view.supplies, "email", true, "main@example.gr");
    expect(on.map((s) => [s.ebill, s.email])).toEqual([
      [true, "a@example.gr"],
      [true, "main@example.gr"],
      [false, ""],
    ]);
    const smsOn = applyAll(view.supplies, "sms", true, "6948567890");
    expect(smsOn[2]).toBe(view.supplies[2]);
    expect(smsOn[1]).toMatchObject({ sms: true, phone: "6948567890" });
    const off = applyAll(on, "email", false, "");
    expect(off.map((s) => s.ebill)).toEqual([false, false, false]);
    expect(off[1]?.email).toBe("main@example.gr");
  });
  it("toggles a no-JS draft", () => {
    const draft = draftFromPayload(
      { email: "m@example.gr", phone: "", supplies: [{ meter_id: "1" }, { meter_id: "2" }] },
      view,
    );
    expect(draft.supplies.map((s) => s.ebill)).toEqual([false, false, false]);
    const toggled = toggleAllInDraft(draft, view, "email");
    expect(toggled.supplies.map((s) => [s.ebill, s.email])).toEqual([
      [true, "m@example.gr"],
      [true, "m@example.gr"],
      [false, ""],
    ]);
    expect(toggleAllInDraft(toggled, view, "email").supplies.map((s) => s.ebill)).toEqual([
      false,
      false,
      false,
    ]);
  });
});

describe("the settings payload (spec §3)", () => {
  it("sends the spec's fields; only editable supplies; email/phone only when on", () => {
    const payload = toSettingsPayload(
      view,
      {
        email: "me@example.gr",
        phone: "",
        indication_email: true,
        supplies: [
          { meter_id: 1, ebill: true, email: "a@example.gr", sms: false, phone: "6911111111" },
          { meter_id: 2, ebill: false, email: "b@example.gr", sms: true, phone: "6922222222" },
        ],
        main_meter_id: 2,
        nrg_skin: 3,
        lang: "en",
      },
      "avatar-x.png",
    );
    expect(payload).toEqual({
      userId: 7,
      afm: "600000007",
      nrg_skin: 3,
      lang: "en",
      email: "me@example.gr",
      phone: null,
      ebill_settings: [
        { meter_id: 1, email: "a@example.gr" },
        { meter_id: 2, phone: "6922222222" },
      ],
      meter_id: 2,
      avatar: "avatar-x.png",
      indication_email: 1,
      indication_sms: 0,
    });
  });
  it("sends no supply's settings for a person who may not manage supplies (#18)", () => {
    const payload = toSettingsPayload(
      { ...view, manageSupplies: false },
      {
        email: "me@example.gr",
        supplies: [{ meter_id: 1, ebill: false, email: "", sms: true, phone: "6911111111" }],
        main_meter_id: 1,
        nrg_skin: 1,
        lang: "el",
      },
      null,
    );
    expect(payload.ebill_settings).toEqual([]);
  });
  it("maps save failures to toasts (spec §8)", () => {
    expect(saveFailureKey({ status: 400, message: "settingsModal.ebillNotEditableSave" })).toBe(
      "settings:settingsModal.ebillNotEditableSave",
    );
    expect(saveFailureKey({ status: 400, message: "validate.phoneNumber" })).toBe(
      "forms:validate.phoneNumber",
    );
    expect(saveFailureKey({ status: 400 })).toBe("settings:settingsModal.errorOccurred");
    expect(saveFailureKey({ status: 500, message: "x" })).toBe(
      "settings:settingsModal.errorOccurred",
    );
  });
});
