/**
 * The login card's lead on a phone, where the desktop's banner beside the card is not drawn (the same
 * words): drawn by the page, and before the app by the start step (src/start).
 */
export const LOGIN_TITLE = '欢迎登录';
export const LOGIN_LEAD = '河北产权交易所是依法合规、公开透明的省级产权交易平台。会员完成实名认证后，即可在线报名、缴纳保证金并参与竞价；服务热线工作时间为周一至周五 8:30-17:30。';
