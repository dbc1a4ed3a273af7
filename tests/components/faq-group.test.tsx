import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FaqGroup } from "~/components/faq-group";

describe("FaqGroup", () => {
  it("says so when a category has no questions yet", () => {
    render(<FaqGroup group={{ key: "returns", label: "Devoluciones", questions: [] }} />);
    expect(screen.getByRole("heading", { name: "Devoluciones" })).toBeTruthy();
    expect(screen.getByText("No hay preguntas en esta categoría aún.")).toBeTruthy();
  });

  it("shows each question closed, its answer inside", () => {
    render(
      <FaqGroup
        group={{
          key: "general",
          label: "General",
          questions: [{ question: "¿Hacen envíos?", answer: "Sí, a toda Honduras." }],
        }}
      />,
    );
    const summary = screen.getByText("¿Hacen envíos?");
    expect(summary.closest("details")?.open).toBe(false);
    expect(screen.queryByText("No hay preguntas en esta categoría aún.")).toBeNull();
  });
});
