import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RichText } from "./RichText.tsx";

describe("RichText", () => {
  it("renders each tag pair as its component, and the rest as text", () => {
    const { container } = render(
      <p>
        <RichText
          text="Read <terms>the terms</terms> and <b>this</b>."
          components={{ terms: <em className="terms" />, b: <strong /> }}
        />
      </p>,
    );
    expect(container.innerHTML).toBe(
      '<p>Read <em class="terms">the terms</em> and <strong>this</strong>.</p>',
    );
  });

  it("keeps markup-like text inside values as text", () => {
    const { container } = render(
      <RichText text="Sent to <strong><img src=x></strong>" components={{ strong: <strong /> }} />,
    );
    expect(container.querySelector("img")).toBeNull();
    expect(container.textContent).toBe("Sent to <img src=x>");
  });
});
