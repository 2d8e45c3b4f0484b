import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react'
import { cn } from './cn'

const control =
  'w-full rounded-lg border border-border-strong bg-surface px-3 text-sm text-fg placeholder:text-fg-subtle ' +
  'transition-colors hover:border-fg-subtle focus-visible:border-accent focus-visible:outline-2 ' +
  'focus-visible:outline-offset-0 focus-visible:outline-ring/40 aria-invalid:border-danger'

interface FieldProps {
  label: ReactNode
  hint?: ReactNode
  error?: ReactNode
  optional?: ReactNode
}

export function TextField({
  label,
  hint,
  error,
  optional,
  className,
  id,
  ...props
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const autoId = useId()
  const inputId = id ?? autoId
  const describedBy = error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label
        htmlFor={inputId}
        className="flex items-baseline justify-between text-[13px] font-medium text-fg"
      >
        {label}
        {optional && <span className="text-xs font-normal text-fg-subtle">{optional}</span>}
      </label>
      <input
        id={inputId}
        className={cn(control, 'h-10')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...props}
      />
      {error ? (
        <p id={`${inputId}-error`} className="text-xs text-danger" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={`${inputId}-hint`} className="text-xs text-fg-subtle">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

export function TextAreaField({
  label,
  hint,
  error,
  className,
  id,
  ...props
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const autoId = useId()
  const inputId = id ?? autoId
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-[13px] font-medium text-fg">
        {label}
      </label>
      <textarea
        id={inputId}
        className={cn(control, 'min-h-32 resize-y py-2.5 leading-relaxed')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined}
        {...props}
      />
      {error ? (
        <p id={`${inputId}-error`} className="text-xs text-danger" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={`${inputId}-hint`} className="text-xs text-fg-subtle">
          {hint}
        </p>
      ) : null}
    </div>
  )
}
