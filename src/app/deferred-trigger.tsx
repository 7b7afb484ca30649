/**
 * Menus and sheets of the navigation bars load after the first screen has painted:
 * react-aria's menu, collection, selection and overlay code is a large part of the JavaScript a
 * first visit would otherwise fetch before it sees anything. Until the menu's chunk has arrived
 * the bar shows a plain button that looks the same; a press on it is remembered and the menu
 * opens as soon as it loads, so a rider on one bar of signal never taps into nothing.
 */
import { Suspense, useState, type ReactNode } from 'react';
import { useFirstScreenPainted } from './first-screen.tsx';

/**
 * Renders `placeholder(onPress)` for the first screen, then `menu(openAtOnce)` inside
 * Suspense (its lazy chunk starts loading then). `openAtOnce` is true when the rider pressed
 * the placeholder before the menu arrived.
 */
export function DeferredTrigger({
  placeholder,
  menu,
}: {
  placeholder: (onPress: () => void) => ReactNode;
  menu: (openAtOnce: boolean) => ReactNode;
}) {
  const painted = useFirstScreenPainted();
  const [pressed, setPressed] = useState(false);
  const fallback = placeholder(() => setPressed(true));
  if (!painted && !pressed) return fallback;
  return <Suspense fallback={fallback}>{menu(pressed)}</Suspense>;
}
