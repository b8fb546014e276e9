export * from './periods';
export * from './published-horoscope';
export * from './publisher';
export * from './schedule';
export * from './projection';
