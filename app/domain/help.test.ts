import { describe, expect, it } from "vitest";
import { countItems, normaliseText, queryWords, searchFaq, type FaqTopic } from "./help";

const topics: FaqTopic[] = [
  {
    id: "bills",
    title: "Λογαριασμοί",
    items: [
      { q: "Πώς διαβάζω τον λογαριασμό μου;", a: "Η πρώτη σελίδα δείχνει το ποσό πληρωμής." },
      { q: "Τι είναι ο εκκαθαριστικός;", a: "Ο λογαριασμός πραγματικής κατανάλωσης." },
    ],
  },
  {
    id: "payments",
    title: "Πληρωμές",
    items: [{ q: "Πού πληρώνω;", a: "Με κάρτα στην πύλη ή με πάγια εντολή." }],
  },
];

describe("normaliseText", () => {
  it("drops tonos and dialytika, lowers case, turns final sigma into sigma", () => {
    expect(normaliseText("Λογαριασμός")).toBe("λογαριασμοσ");
    expect(normaliseText("ΠΛΗΡΩΜΉ")).toBe("πληρωμη");
    expect(normaliseText("Προϋπολογισμός ΐ ΰ")).toBe("προυπολογισμοσ ι υ");
    expect(normaliseText("  E-Bill   Direct ")).toBe("e-bill direct");
  });

  it("makes accented and unaccented spellings equal", () => {
    expect(normaliseText("πώς")).toBe(normaliseText("ΠΩΣ"));
    expect(normaliseText("καταχώριση")).toBe(normaliseText("καταχωριση"));
  });
});

describe("searchFaq", () => {
  it("returns everything for an empty query", () => {
    expect(searchFaq(topics, "")).toEqual(topics);
    expect(searchFaq(topics, "   ")).toEqual(topics);
  });

  it("finds text regardless of accents and case, in questions and answers", () => {
    const found = searchFaq(topics, "ΛΟΓΑΡΙΑΣΜΟ");
    expect(countItems(found)).toBe(2);
    expect(found.map((t) => t.id)).toEqual(["bills"]);
    expect(countItems(searchFaq(topics, "παγια εντολη"))).toBe(1);
  });

  it("needs every word and drops topics left empty", () => {
    expect(searchFaq(topics, "λογαριασμός κάρτα")).toEqual([]);
    expect(searchFaq(topics, "κάρτα").map((t) => t.id)).toEqual(["payments"]);
  });

  it("gives no results for text that appears nowhere", () => {
    expect(searchFaq(topics, "φωτοβολταϊκά")).toEqual([]);
  });

  it("ignores the part of a very long query beyond the limit", () => {
    expect(queryWords(`κάρτα ${"x".repeat(200)}`)).toEqual(["καρτα", "x".repeat(94)]);
  });
});
