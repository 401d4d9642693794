import { describe, expect, it } from "vitest";
import { applySpread, invertRate, multiplyRates } from "@/lib/money";

describe("applySpread", () => {
  it("docs/design/quotes-and-payouts.md: mid 600, spread 1.5 % ⇒ 591 selling, 609 paying", () => {
    expect(applySpread("600", "1.5", "against-merchant-selling")).toBe("591");
    expect(applySpread("600", "1.5", "against-merchant-paying")).toBe("609");
  });

  it("zero spread keeps the mid rate; output is normalized", () => {
    expect(applySpread("600", "0", "against-merchant-selling")).toBe("600");
    expect(applySpread("600.500", "0", "against-merchant-paying")).toBe("600.5");
    expect(applySpread("1", "0", "against-merchant-paying")).toBe("1");
  });

  it("keeps 10 decimal places, half-up, never exponent notation", () => {
    // 0.0016666667 × 0.985 = 0.0016416666995
    expect(applySpread("0.0016666667", "1.5", "against-merchant-selling")).toBe("0.0016416667");
    expect(applySpread("0.00000000015", "0", "against-merchant-selling")).toBe("0.0000000002");
    expect(applySpread("0.00000000014", "0", "against-merchant-selling")).toBe("0.0000000001");
  });

  it("refuses bad inputs", () => {
    expect(() => applySpread("600", "100", "against-merchant-selling")).toThrow(RangeError);
    expect(() => applySpread("600", "-1", "against-merchant-paying")).toThrow(RangeError);
    expect(() => applySpread("0", "1.5", "against-merchant-paying")).toThrow(RangeError);
    expect(() => applySpread("600", "1.5", "sideways" as "against-merchant-paying")).toThrow(RangeError);
  });
});

describe("invertRate", () => {
  it("gives 1/rate to 10 significant digits, half-up", () => {
    expect(invertRate("591")).toBe("0.001692047377"); // 0.0016920473773…
    expect(invertRate("600")).toBe("0.001666666667"); // 0.0016666666666…
    expect(invertRate("3")).toBe("0.3333333333");
    expect(invertRate("0.5")).toBe("2");
    expect(invertRate("1")).toBe("1");
    expect(invertRate("0.0016666667")).toBe("599.999988") // 599.99998800000048…, trailing zeros stripped;
  });

  it("refuses zero and negative rates", () => {
    expect(() => invertRate("0")).toThrow(RangeError);
    expect(() => invertRate("-2")).toThrow(RangeError);
  });
});

describe("multiplyRates", () => {
  it("multiplies exactly", () => {
    expect(multiplyRates("591", "0.001692047377")).toBe("0.999999999807");
    expect(multiplyRates("1", "600")).toBe("600");
    expect(multiplyRates("1.5", "1.5")).toBe("2.25");
    expect(multiplyRates("655.957", "0.0015")).toBe("0.9839355");
  });

  it("refuses zero and negative rates", () => {
    expect(() => multiplyRates("0", "1")).toThrow(RangeError);
    expect(() => multiplyRates("1", "-1")).toThrow(RangeError);
  });
});
