import type { ThemeConfig } from 'antd';

/** The admin's antd theme. The build bakes antd's styles for it (build/antd-styles.ts), so both must read this one. */
export const THEME: ThemeConfig = { token: { colorPrimary: '#1f6feb', borderRadius: 6 } };
