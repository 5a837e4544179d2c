// The portal's database tables, by area. Migrations are generated from these definitions.
export * from './accounts';
export * from './audit';
export * from './consent';
export * from './files';
export * from './mail';
export * from './reference';
export * from './settings';
export * from './staff';
export * from './surveys';
export * from './verification';
export * from './staff-factors';
export * from './exports';
export * from './mail-deliverability';
export * from './inbox';
