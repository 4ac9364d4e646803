import { describe, expect, it } from "vitest";
import { newSupplyEmail } from "../applications/emails";
import type { NewSupplyApplication } from "../../core/applications/new-supply";
import { emails } from "./outbox";

/**
 * #35 §4 Emails greet in the vocative, as the pages do (core/vocative.ts): "Γεια σας Γιώργο",
 * never "Γεια σας Γιώργος"; a full name or a company stays as it is.
 */
describe("#35 emails greet in the Greek vocative", () => {
  const args = { name: "Γιώργος", url: "https://example.test/x", reference: "R-1" };

  it.each(["activation", "reset", "contact"] as const)("the %s email", (kind) => {
    expect(emails[kind].el(args).body).toMatch(/^Γεια σας Γιώργο,\n/);
    expect(emails[kind].el({ ...args, name: "Κώστας" }).body).toMatch(/^Γεια σας Κώστα,\n/);
    expect(emails[kind].en(args).body).toMatch(/^Hello Γιώργος,\n/);
  });

  it("the new-supply application's email", () => {
    const application = {
      name: "Νικόλαος",
      supply_count: 1,
      supply_type: "electricity",
    } as unknown as NewSupplyApplication;
    const mail = newSupplyEmail("el", "NS-1", application);
    expect(mail.body).toMatch(/^Γεια σας Νικόλαε,\n/);
  });
});
