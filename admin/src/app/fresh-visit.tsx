import { Fragment, type ReactNode, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A page opened again through a link (the side menu's item of the list on screen) or the browser's history starts
 * afresh, as it does from another page: a page writing its own state into the URL replaces, and keeps it.
 */
export function FreshVisit({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  const navigation = useNavigationType();
  const [visit, setVisit] = useState(key);
  // React's pattern for state that follows a prop: set while rendering, React renders again before the children
  if (navigation !== 'REPLACE' && visit !== key) setVisit(key);
  return <Fragment key={visit}>{children}</Fragment>;
}
