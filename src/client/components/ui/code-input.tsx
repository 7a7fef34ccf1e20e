import type { ComponentProps } from 'react';
import { Input } from './input';

/**
 * A one-time confirmation code (e.g. K7QX-M2PD): monospaced capitals, offered by the browser's
 * one-time-code autofill, never spell-checked.
 */
export function CodeInput(props: Omit<ComponentProps<typeof Input>, 'type'>) {
  return (
    <Input
      name="code"
      autoComplete="one-time-code"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={20}
      placeholder="K7QX-M2PD"
      className="font-mono tracking-widest uppercase"
      {...props}
    />
  );
}
