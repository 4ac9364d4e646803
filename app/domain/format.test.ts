import { describe, expect, it } from "vitest";
import {
  formatChange,
  formatInteger,
  formatKwh,
  formatAddress,
  formatAmount,
  formatDate,
  formatStamp,
  formatTime,
  isElectricity,
  supplyNumber,
} from "./format";

describe("formatAmount", () => {
  it("uses two decimals, a comma decimal separator and dot thousands", () => {
    expect(formatAmount(1234.5)).toBe("1.234,50\u00a0€");
    expect(formatAmount(1234567.891)).toBe("1.234.567,89\u00a0€");
    expect(formatAmount(0)).toBe("0,00\u00a0€");
    expect(formatAmount(12)).toBe("12,00\u00a0€");
    expect(formatAmount(999.999)).toBe("1.000,00\u00a0€");
  });

  it("rounds half-cents the way customers expect", () => {
    expect(formatAmount(1.005)).toBe("1,01\u00a0€");
    expect(formatAmount(0.1 + 0.2)).toBe("0,30\u00a0€");
  });

  it("keeps the sign of negative amounts (credits) and never shows -0", () => {
    expect(formatAmount(-1234.5)).toBe("-1.234,50\u00a0€");
    expect(formatAmount(-0.001)).toBe("0,00\u00a0€");
  });

  it("accepts numeric strings and treats missing values as zero", () => {
    expect(formatAmount("1500.4")).toBe("1.500,40\u00a0€");
    expect(formatAmount(null)).toBe("0,00\u00a0€");
    expect(formatAmount(undefined)).toBe("0,00\u00a0€");
    expect(formatAmount("abc")).toBe("0,00\u00a0€");
  });

  it("can leave out the currency sign", () => {
    expect(formatAmount(1234.5, { currency: false })).toBe("1.234,50");
  });
});

describe("formatDate", () => {
  it("shows calendar dates as DD/MM/YYYY without shifting them by time zone", () => {
    expect(formatDate("2026-03-05")).toBe("05/03/2026");
    expect(formatDate("2025-12-31")).toBe("31/12/2025");
  });

  it("shows zero or empty dates as a dash", () => {
    expect(formatDate("0000-00-00")).toBe("-");
    expect(formatDate("0000-00-00 00:00:00")).toBe("-");
    expect(formatDate("")).toBe("-");
    expect(formatDate(null)).toBe("-");
    expect(formatDate(undefined)).toBe("-");
    expect(formatDate(0)).toBe("-");
    expect(formatDate("not a date")).toBe("-");
    expect(formatDate("2026-02-30")).toBe("-");
  });

  it("shows stamps by their date in Athens", () => {
    expect(formatDate("2026-03-05T23:30:00Z")).toBe("06/03/2026");
    expect(formatDate(new Date("2026-01-10T12:00:00Z"))).toBe("10/01/2026");
  });
});

describe("formatStamp", () => {
  it("shows UTC stamps as DD/MM/YYYY HH:mm in Athens time (winter and summer)", () => {
    expect(formatStamp("2026-01-15T08:30:00Z")).toBe("15/01/2026 10:30");
    expect(formatStamp("2026-07-15T08:30:00.000Z")).toBe("15/07/2026 11:30");
  });

  it("treats stamps without a zone as UTC, as the database stores them", () => {
    expect(formatStamp("2026-01-15 08:30:00")).toBe("15/01/2026 10:30");
    expect(formatStamp("2026-01-15T08:30")).toBe("15/01/2026 10:30");
  });

  it("keeps explicit offsets", () => {
    expect(formatStamp("2026-01-15T10:30:00+02:00")).toBe("15/01/2026 10:30");
  });

  it("shows zero stamps as a dash", () => {
    expect(formatStamp("0000-00-00 00:00:00")).toBe("-");
    expect(formatStamp(null)).toBe("-");
  });
});

describe("formatTime", () => {
  it("is the time of day in Athens, also across midnight UTC (winter and summer)", () => {
    expect(formatTime("2026-12-01T22:18:00Z")).toBe("00:18");
    expect(formatTime("2026-12-01T23:30:00.000Z")).toBe("01:30");
    expect(formatTime("2026-07-15T23:30:00Z")).toBe("02:30");
    expect(formatTime(null)).toBe("-");
  });
});

const electricity = {
  division: 1,
  per_code: "123456789",
  id_code: "01",
  next_code: "5",
  pod: null,
};
const gas = { division: 2, per_code: null, id_code: null, next_code: null, pod: "12345678901234" };

describe("supplyNumber", () => {
  it("joins the electricity parts", () => {
    expect(supplyNumber(electricity)).toBe("123456789015");
  });

  it("skips missing electricity parts", () => {
    expect(supplyNumber({ ...electricity, next_code: null })).toBe("12345678901");
    expect(supplyNumber({ ...electricity, per_code: null, id_code: null, next_code: null })).toBe(
      "-",
    );
  });

  it("uses the POD for gas (any division other than 1)", () => {
    expect(supplyNumber(gas)).toBe("12345678901234");
    expect(supplyNumber({ ...gas, division: 3 })).toBe("12345678901234");
    expect(supplyNumber({ ...gas, pod: null })).toBe("-");
  });

  it("classifies divisions", () => {
    expect(isElectricity(electricity)).toBe(true);
    expect(isElectricity(gas)).toBe(false);
  });
});

describe("formatAddress", () => {
  const meter = {
    phys_street: "Λεωφόρος Συγγρού",
    phys_street_no: "12",
    phys_postal_code: "11742",
    phys_region: "Αθήνα",
    bill_street: "Ερμού",
    bill_street_no: "",
    bill_postal_code: "10563",
    bill_region: "Αθήνα",
  };
  it("formats the supply and billing addresses", () => {
    expect(formatAddress(meter)).toBe("Λεωφόρος Συγγρού 12, 11742 Αθήνα");
    expect(formatAddress(meter, "bill")).toBe("Ερμού, 10563 Αθήνα");
  });
});

describe("formatInteger, formatKwh, formatChange", () => {
  it("shows whole numbers with dot thousands", () => {
    expect(formatInteger(1234567.4)).toBe("1.234.567");
    expect(formatInteger(-1500)).toBe("-1.500");
    expect(formatInteger(0)).toBe("0");
    expect(formatInteger(null)).toBe("0");
    expect(formatKwh(1075)).toBe("1.075 kWh");
  });

  it("shows a change with its sign and a comma decimal", () => {
    expect(formatChange(12.5)).toBe("+12,5%");
    expect(formatChange(-5.58)).toBe("−5,6%");
    expect(formatChange(0)).toBe("0,0%");
  });
});
