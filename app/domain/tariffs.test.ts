import { describe, expect, it } from "vitest";
import { switchFailure, tariffSwitchFormSchema } from "./tariffs";

describe("the tariffs page's switch form", () => {
  it("takes the ticked box as a browser posts it, and refuses it missing or anything else", () => {
    const ok = tariffSwitchFormSchema.safeParse({
      meter_id: "1",
      product: "NRG_HOME_GREEN",
      accept_terms: "on",
    });
    expect(ok.success && ok.data).toEqual({
      meter_id: 1,
      product: "NRG_HOME_GREEN",
      accept_terms: "on",
    });
    for (const accept_terms of [undefined, "", "yes", "true"]) {
      const refused = tariffSwitchFormSchema.safeParse({
        meter_id: "1",
        product: "X",
        accept_terms,
      });
      expect(refused.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
        ["accept_terms", "tariffs:errors.acceptTerms"],
      ]);
    }
    const forged = tariffSwitchFormSchema.safeParse({
      meter_id: "x",
      product: "<script>",
      accept_terms: "on",
    });
    expect(forged.error?.issues.map((i) => i.path.join("."))).toEqual(["meter_id", "product"]);
  });

  it("maps each refusal of the API to a message of the page, an unknown one to 'failed'", () => {
    for (const reason of ["unknown_product", "current", "business_user", "needs_smart_meter"]) {
      expect(
        switchFailure({ code: "request_not_allowed", field: "product", message: reason }),
      ).toEqual({
        form: `tariffs:errors.${reason}`,
      });
    }
    expect(switchFailure({ code: "request_not_allowed", message: "not_active" })).toEqual({
      form: "tariffs:errors.not_active",
    });
    expect(switchFailure({ code: "request_already_open", message: "open_tariff_switch" })).toEqual({
      form: "tariffs:errors.open_tariff_switch",
    });
    expect(switchFailure({ code: "request_not_allowed", message: "<b>made up</b>" })).toEqual({
      form: "tariffs:errors.failed",
    });
    expect(switchFailure({ code: "validation", field: "accept_terms" })).toEqual({
      field: "accept_terms",
      message: "tariffs:errors.acceptTerms",
    });
    expect(switchFailure({ code: "not_found" })).toEqual({ form: "tariffs:errors.notFound" });
    expect(switchFailure({ code: "error" })).toEqual({ form: "tariffs:errors.failed" });
  });
});
