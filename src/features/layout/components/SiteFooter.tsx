import qrMiniProgram from '@/assets/qr-miniprogram.svg';
import qrOfficialAccount from '@/assets/qr-official-account.svg';
import { SITE_INFO } from '../siteInfo';
import { DepartmentPhones, ServiceHours } from './ContactInfo';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section className="site-footer__col" aria-labelledby="footer-contact">
          <h2 id="footer-contact">联系我们</h2>
          <p>地址：{SITE_INFO.address}（邮编 {SITE_INFO.postcode}）</p>
          {SITE_INFO.branchAddresses.map((branch) => (
            <p key={branch.name}>
              {branch.name}：{branch.address}
            </p>
          ))}
          <p>传真：{SITE_INFO.fax}</p>
          <p>邮箱：{SITE_INFO.email}</p>
        </section>
        <section className="site-footer__col" aria-labelledby="footer-phones">
          <h2 id="footer-phones">部门电话</h2>
          <DepartmentPhones />
          <p>
            投诉电话：<span className="tabular">{SITE_INFO.complaintPhone}</span>
          </p>
          <p>
            监督电话：<span className="tabular">{SITE_INFO.supervisionPhone}</span>
          </p>
        </section>
        <section className="site-footer__col" aria-labelledby="footer-hours">
          <h2 id="footer-hours">服务时间</h2>
          <ServiceHours />
        </section>
        <section className="site-footer__qr" aria-label="扫码关注">
          <figure>
            <img src={qrMiniProgram} width={96} height={96} alt="小程序二维码" />
            <figcaption>微信小程序</figcaption>
          </figure>
          <figure>
            <img src={qrOfficialAccount} width={96} height={96} alt="公众号二维码" />
            <figcaption>官方公众号</figcaption>
          </figure>
        </section>
      </div>
      <div className="site-footer__bottom">
        <span>
          Copyright © {new Date().getFullYear()} {SITE_INFO.name} 版权所有
        </span>
        <span>{SITE_INFO.filingNumber}</span>
        <span>{SITE_INFO.policeFilingNumber}</span>
        <span>建议使用 Chrome、Edge 或 360 浏览器（极速模式），分辨率 1280×800 以上</span>
      </div>
    </footer>
  );
}
