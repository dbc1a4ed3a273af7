import type { FaqCategory } from "~/models/content/static-pages";

/** A category's questions, each opened and closed by the browser itself (<details>). */
export function FaqGroup({ group }: { group: FaqCategory }) {
  return (
    <section aria-labelledby={`faq-${group.key}`}>
      <h2 id={`faq-${group.key}`} className="mb-3 text-xl font-semibold">
        {group.label}
      </h2>
      {group.questions.length === 0 ? (
        <p className="text-fg-muted">No hay preguntas en esta categoría aún.</p>
      ) : (
        <div className="divide-border border-border divide-y rounded-lg border">
          {group.questions.map((item) => (
            <details key={item.question} className="group px-4 py-3">
              <summary className="cursor-pointer font-medium">{item.question}</summary>
              <p className="text-fg-muted mt-2">{item.answer}</p>
            </details>
          ))}
        </div>
      )}
    </section>
  );
}
