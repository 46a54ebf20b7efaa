import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react';

/** Sizes from the spec's constants: sm 26, md 34, lg 42 px tall. */
export type ButtonSize = 'sm' | 'md' | 'lg';
export type ButtonVariant = 'primary' | 'secondary' | 'link';

export function buttonClass(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  extra?: string,
): string {
  return ['button', `button--${variant}`, `button--${size}`, extra].filter(Boolean).join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A disabled Button stays focusable (aria-disabled, its clicks and submits refused): a native
 * `disabled` on the focused button, as when it turns to "Adding…", drops focus to the page
 * (WCAG 2.4.3; issue 34 item 1). Lint refuses `disabled` on a bare <button> for the same reason.
 */
export function Button({
  variant,
  size,
  className,
  type = 'button',
  disabled,
  onClick,
  ...rest
}: ButtonProps) {
  const refuse = (event: MouseEvent<HTMLButtonElement>) => event.preventDefault();
  return (
    <button
      type={type}
      className={buttonClass(variant, size, className)}
      aria-disabled={disabled || undefined}
      onClick={disabled ? refuse : onClick}
      {...rest}
    />
  );
}
