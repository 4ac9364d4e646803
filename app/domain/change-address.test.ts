import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { formatAddressLine } from "./change-address";
import { changeAddressSchema } from "../../core/change-address";
import { ZIP_PATTERN } from "../../core/all-smart";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.set(k, v);
  return data;
};

const full = {
  same: "no",
  street: "Ερμού",
  street_no: "12",
  city: "Αθήνα",
  zip: "10563",
  area: "Σύνταγμα",
  state: "Αττική",
};

describe("change-address schema", () => {
  it("asks to choose yes or no first", () => {
    const s = parseWithZod(form({}), { schema: changeAddressSchema });
    expect(s.reply().error?.same).toEqual(["changeAddress:errors.chooseYesNo"]);
  });

  it("needs nothing else when the billing address is the supply address", () => {
    expect(parseWithZod(form({ same: "yes" }), { schema: changeAddressSchema }).status).toBe(
      "success",
    );
  });

  it("says 'enter an address' for the street and 'fill all' for the rest", () => {
    const s = parseWithZod(form({ same: "no" }), { schema: changeAddressSchema });
    const errors = s.reply().error ?? {};
    expect(errors.street).toEqual(["changeAddress:errors.enterAddress"]);
    for (const key of ["street_no", "city", "zip", "area", "state"]) {
      expect(errors[key]).toEqual(["changeAddress:errors.fillAll"]);
    }
    expect(errors.comments).toBeUndefined();
  });

  it("accepts a full address with optional comments and checks the Greek zip", () => {
    expect(parseWithZod(form(full), { schema: changeAddressSchema }).status).toBe("success");
    expect(
      parseWithZod(form({ ...full, comments: "Κουδούνι 3" }), { schema: changeAddressSchema })
        .status,
    ).toBe("success");
    const s = parseWithZod(form({ ...full, zip: "1234" }), { schema: changeAddressSchema });
    expect(s.reply().error?.zip).toEqual(["changeAddress:errors.zip"]);
    expect(ZIP_PATTERN.test("90000")).toBe(false);
    expect(ZIP_PATTERN.test("54624")).toBe(true);
  });

  it("formats an address on one line", () => {
    expect(
      formatAddressLine({
        street: "Ερμού",
        street_no: "12",
        postal_code: "10563",
        region: "Αθήνα",
      }),
    ).toBe("Ερμού 12, 10563 Αθήνα");
  });
});
