import type { ReactNode, Ref } from 'react';

export interface ConsentButtonProps {
  children: ReactNode;
  onClick(): void;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * Every button of the banner. One component and one class for all of them, so that "Rebutja-ho
 * tot" can never look less prominent than "Accepta-ho tot": regulators count that as a dark pattern.
 */
export function ConsentButton({ children, onClick, ref }: ConsentButtonProps) {
  return (
    <button type="button" className="consent-button" onClick={onClick} ref={ref}>
      {children}
    </button>
  );
}
