import '@/styles/proxy.css';

/** 代理: a bid placed by its bidder's 代理出价 ceiling (the room's history, the verified record). */
export function ProxyMark() {
  return <span className="proxy-mark">代理</span>;
}
