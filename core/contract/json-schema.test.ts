import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as contract from "./index";

/**
 * Every schema of the contract converts to JSON Schema, the form an API description (OpenAPI)
 * is generated in: requests as the client sends them (input), answers as the API sends them.
 */
const schemas: [string, z.ZodType][] = Object.entries(contract as Record<string, unknown>).flatMap(
  ([name, value]) => (value instanceof z.ZodType ? [[name, value] as [string, z.ZodType]] : []),
);

describe("the contract as JSON Schema", () => {
  it("has schemas", () => {
    expect(schemas.length).toBeGreaterThan(50);
  });

  it.each(schemas)("%s converts", (_name, schema) => {
    const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
    expect(json).toBeTypeOf("object");
  });

  it("keeps what a field means (money, dates, error codes)", () => {
    // A named schema (`.meta({ id })`) converts to a reference to its definition.
    const json = z.toJSONSchema(contract.apiInvoiceSchema) as {
      $defs: Record<
        string,
        { properties: Record<string, { description?: string; format?: string }> }
      >;
    };
    const invoice = json.$defs.ApiInvoice!;
    expect(invoice.properties.total?.description).toMatch(/euros/i);
    expect(invoice.properties.issue_date?.format).toBe("date");
    const error = z.toJSONSchema(contract.apiErrorCodeSchema) as { enum: string[] };
    expect(error.enum).toContain("not_found");
  });
});
