import { forwardRef, type InputHTMLAttributes, type LabelHTMLAttributes } from "react";

const inputClasses =
  "block h-11 w-full rounded-md border border-border-strong bg-surface px-3 text-base text-fg placeholder:text-fg-muted disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger";

function join(...classes: Array<string | undefined>) {
  return classes.filter(Boolean).join(" ");
}

export type InputProps = InputHTMLAttributes<HTMLInputElement>;

/** Text size 16px (text-base) so iOS does not zoom into the field on focus. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { className, ...props },
  ref,
) {
  return <input ref={ref} className={join(inputClasses, className)} {...props} />;
});

export type LabelProps = LabelHTMLAttributes<HTMLLabelElement>;

export const Label = forwardRef<HTMLLabelElement, LabelProps>(function Label(
  { className, ...props },
  ref,
) {
  return (
    <label ref={ref} className={join("text-fg block text-sm font-medium", className)} {...props} />
  );
});

export type FieldProps = InputProps & {
  label: string;
  id: string;
  /** Server or client validation messages; the first one is what a screen reader announces. */
  errors?: string[];
  /** A line under the label that says what to type, read with the field. */
  hint?: string;
  /** Classes of the wrapper; the rest of the props go to the input. */
  className?: string;
};

/** Label + input + error list, wired with aria-invalid and aria-describedby. */
export function Field({ label, id, errors, hint, className, ...inputProps }: FieldProps) {
  const hasErrors = Boolean(errors?.length);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hasErrors ? errorId : "", hint ? hintId : ""].filter(Boolean).join(" ");
  return (
    <div className={join("space-y-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {hint ? (
        <p id={hintId} className="text-fg-muted text-sm">
          {hint}
        </p>
      ) : null}
      <Input
        id={id}
        aria-invalid={hasErrors || undefined}
        aria-describedby={describedBy || undefined}
        {...inputProps}
      />
      {hasErrors ? (
        <ul id={errorId} className="text-danger space-y-0.5 text-sm">
          {errors?.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
