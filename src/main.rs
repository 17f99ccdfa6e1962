fn main() {
    println!("bod");
}
