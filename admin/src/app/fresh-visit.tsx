import { Fragment, type ReactNode, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A page opened again through a link (the side menu's item of the list on screen) or the browser's history starts
 * afresh, as it does from another page: a page writing its own state into the URL replaces, and keeps it.
 */
export function FreshVisit({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  const visit = useRef(key);
  if (useNavigationType() !== 'REPLACE') visit.current = key;
  return <Fragment key={visit.current}>{children}</Fragment>;
}
