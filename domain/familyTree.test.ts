import { describe, expect, it } from "vitest";
import { buildFamilyTree } from "./familyTree.ts";
import { listItem } from "./testing/persons.ts";

const names = (persons: { mainDetails: { firstName: string } }[]) =>
  persons.map((p) => p.mainDetails.firstName);

describe("the immediate family tree", () => {
  it("places each person in their generation", () => {
    const tree = buildFamilyTree([
      listItem("me", "Ada"),
      listItem("partner", "William", { type: "husband" }),
      listItem("child", "Byron", { type: "son" }),
      listItem("relative", "Annabella", { type: "mother" }),
      listItem("relative", "Judith", { type: "grandmother" }),
      listItem("relative", "Augusta", { type: "sister" }),
      listItem("dependent", "Ralph", { type: "daughter" }),
      listItem("dependent", "Noel", { type: "father" }),
      listItem("dependent", "Mary", { type: "friend" }),
    ]);
    expect(tree.me?.mainDetails.firstName).toBe("Ada");
    expect(names(tree.grandparents)).toEqual(["Judith"]);
    expect(names(tree.parents).sort()).toEqual(["Annabella", "Noel"]);
    expect(names(tree.siblings)).toEqual(["Augusta"]);
    expect(names(tree.partners)).toEqual(["William"]);
    expect(names(tree.children).sort()).toEqual(["Byron", "Ralph"]);
    expect(names(tree.otherDependents)).toEqual(["Mary"]);
  });

  it("leaves out relatives the tree does not show, and anyone outside its groups", () => {
    const tree = buildFamilyTree([
      listItem("relative", "Cousin", { type: "cousin" }),
      listItem("advisor", "Lawyer", { type: "lawyer" }),
      listItem("networkperson", "Plumber", { type: "plumber" }),
    ]);
    const all = [
      tree.grandparents,
      tree.parents,
      tree.siblings,
      tree.partners,
      tree.children,
      tree.otherDependents,
    ];
    expect(all.flat()).toEqual([]);
    expect(tree.me).toBeNull();
  });

  it("orders a generation eldest first, then those without a birthday", () => {
    const tree = buildFamilyTree([
      listItem("child", "Young", { type: "son", birthday: Date.UTC(2010, 0, 1) }),
      listItem("child", "Unknown", { type: "son" }),
      listItem("child", "Old", { type: "daughter", birthday: Date.UTC(2000, 0, 1) }),
    ]);
    expect(names(tree.children)).toEqual(["Old", "Young", "Unknown"]);
  });
});
