import { describe, expect, it } from "vitest";
import { SCA_THRESHOLD_CENTS, TEST_3DS_CODE } from "../../core/gateway";
import { challengeResult, needsChallenge, scaRequired, sessionState } from "./rules";

describe("the test acquirer's hosted page", () => {
  it("asks for 3-D Secure above the threshold, or when the test card demands it", () => {
    expect(scaRequired(SCA_THRESHOLD_CENTS)).toBe(false);
    expect(scaRequired(SCA_THRESHOLD_CENTS + 1)).toBe(true);
    expect(needsChallenge("approved", false, SCA_THRESHOLD_CENTS + 1)).toBe(true);
    expect(needsChallenge("approved", true, 100)).toBe(true);
    expect(needsChallenge("approved", false, 100)).toBe(false);
    expect(needsChallenge("declined", true, SCA_THRESHOLD_CENTS + 1)).toBe(false);
  });

  it("tells an open session from one waiting for 3-D Secure and a finished one", () => {
    expect(sessionState(undefined)).toBe("open");
    expect(sessionState({ status: "challenge" })).toBe("challenge");
    expect(sessionState({ status: "declined" })).toBe("done");
  });

  it("approves the test code only (spaces around it are forgiven); cancel cancels", () => {
    expect(challengeResult("confirm", ` ${TEST_3DS_CODE} `)).toBe("approved");
    expect(challengeResult("confirm", "0000")).toBe("declined");
    expect(challengeResult("confirm")).toBe("declined");
    expect(challengeResult("cancel", TEST_3DS_CODE)).toBe("cancelled");
  });
});
