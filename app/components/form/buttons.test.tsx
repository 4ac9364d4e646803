import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { IntentButton } from "./IntentButton";
import { getRadioProps } from "./radio";
import { SubmitButton } from "./SubmitButton";

/**
 * The kit's buttons in the server's HTML (what a customer without JavaScript gets), and the radio
 * option's props. They need a router (useNavigation, <Form>): the stub gives them one at "/here".
 */
function render(node: React.ReactNode) {
  const Stub = createRoutesStub([{ path: "/here", Component: () => <>{node}</> }]);
  return renderToStaticMarkup(<Stub initialEntries={["/here"]} />);
}

describe("SubmitButton", () => {
  it("is a submit button with the default class, enabled while nothing is on its way", () => {
    expect(render(<SubmitButton>Send</SubmitButton>)).toBe(
      '<button type="submit" class="btn">Send</button>',
    );
  });

  it("keeps an intent's name and value before the class, and takes another class", () => {
    expect(
      render(
        <SubmitButton name="intent" value="next" className="btn btn--secondary">
          Next
        </SubmitButton>,
      ),
    ).toMatch(
      /^<button type="submit" (?=.*name="intent")(?=.*value="next")(?=.*class="btn btn--secondary")[^>]*>Next<\/button>$/,
    );
  });
});

describe("IntentButton", () => {
  it("is a form of its own that posts its intent to the page, or to the route it names", () => {
    const own = render(
      <IntentButton intent="dismiss" className="link">
        Close
      </IntentButton>,
    );
    expect(own).toMatch(/^<form [^>]*action="\/here"/);
    expect(own).toContain('method="post"');
    expect(own).toContain(
      '<input type="hidden" name="intent" value="dismiss"/><button type="submit" class="link">Close</button></form>',
    );
    expect(
      render(
        <IntentButton intent="resend" action="/direct-debit" className="btn">
          Send again
        </IntentButton>,
      ),
    ).toMatch(/^<form [^>]*action="\/direct-debit"/);
  });
});

describe("getRadioProps", () => {
  const meta = {
    id: "f-choice",
    name: "choice",
    formId: "f",
    errorId: "f-choice-error",
    descriptionId: "f-choice-description",
    initialValue: "b",
    errors: ["validate.require"],
    key: "k1",
  } as unknown as Parameters<typeof getRadioProps>[0];

  it("gives the option its own id and keeps React's key apart (never set, as Conform's)", () => {
    const { key, props } = getRadioProps(meta, "a");
    expect(key).toBeUndefined();
    expect(props).not.toHaveProperty("key");
    expect(props).toMatchObject({ id: "f-choice-a", name: "choice", type: "radio", value: "a" });
  });

  it("checks the option the server last saw and ties it to the field's error", () => {
    expect(getRadioProps(meta, "b").props).toMatchObject({
      defaultChecked: true,
      "aria-invalid": true,
    });
    expect(getRadioProps(meta, "a").props.defaultChecked).toBeFalsy();
  });
});
